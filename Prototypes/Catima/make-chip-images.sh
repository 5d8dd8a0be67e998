#!/bin/sh
# Makes the group chips' state images for the Add Card form's Options tab (toggles drawn over
# screenshot-03.png). Run from this folder: sh make-chip-images.sh (needs ImageMagick).
# Off: the chip as the screenshot shows it, cropped 1 px beyond its edges (3 px = 1 pt, so the
# crops sit on whole points). On: the same crop with the grey fill (#E5E4E4) tinted to the pink
# of the form's save button (#FFDAD6, Catima's container colour), the text (#3A3535) and the
# form's background (#FCFCFC) kept, through a colour look-up table on the grey levels so the
# anti-aliased edges stay smooth. The set has no selected chip; Material's selected filter chip
# is tinted so (it also shows a check mark, which would move the text, so it is left out).
set -e
SRC=screenshot-03.png
convert \( -size 1x58 xc:'#3A3535' \) \( -size 1x172 gradient:'#3A3535-#FFDAD6' \) \
  \( -size 1x23 gradient:'#FFDAD6-#FCFCFC' \) \( -size 1x3 xc:'#FCFCFC' \) -append chip-clut.png
for spec in fashion:195x87+51+627 food:147x87+264+627 health:174x87+429+627; do
  name=${spec%%:*}
  crop=${spec#*:}
  convert "$SRC" -crop "$crop" +repage -strip "PNG24:chip_${name}_off.png"
  convert "chip_${name}_off.png" -colorspace gray chip-clut.png -clut -strip "PNG24:chip_${name}_on.png"
done
rm chip-clut.png
