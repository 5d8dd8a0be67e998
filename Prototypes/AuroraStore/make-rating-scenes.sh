#!/bin/sh
# Makes the two plain scenes the "Rating and reviews" flow leads to (thanks.png, feedback.png),
# 647x1441 px like the screen inside the Aurora Store screenshots. Drawn here with ImageMagick
# and the DejaVu Sans font (Debian fonts-dejavu-core); no third-party artwork. Run from this
# folder: sh make-rating-scenes.sh
set -e
FONT=DejaVu-Sans
BG='#FFFBFE'
GREEN='#57804A'
convert -size 647x1441 "xc:$BG" -font "$FONT" \
  -fill '#1C1B1F' -pointsize 44 -annotate +24+145 '←' -pointsize 34 -annotate +100+140 'Tor Browser' \
  -fill "$GREEN" -draw 'circle 323,470 323,370' \
  -stroke white -strokewidth 18 -fill none -draw 'stroke-linecap round stroke-linejoin round polyline 273,470 310,510 378,430' -stroke none \
  -fill '#1C1B1F' -pointsize 40 -gravity north -annotate +0+640 'Thanks for rating!' \
  -fill '#49454F' -pointsize 28 -annotate +0+710 'Your review helps other people choose.' \
  -gravity northwest -fill "$GREEN" -draw 'rectangle 0,1303 646,1403' \
  -fill white -pointsize 34 -gravity north -annotate +0+1335 'DONE' \
  -strip thanks.png
convert -size 647x1441 "xc:$BG" -font "$FONT" \
  -fill '#1C1B1F' -pointsize 44 -annotate +24+145 '←' -pointsize 34 -annotate +100+140 'Tor Browser' \
  -fill '#1C1B1F' -pointsize 40 -gravity north -annotate +0+400 'What could be better?' \
  -fill '#49454F' -pointsize 28 -annotate +0+470 'Tell the developers what went wrong.' \
  -gravity northwest -fill '#EAE6EA' -draw 'roundrectangle 24,560 622,860 16,16' \
  -fill '#79747E' -pointsize 28 -annotate +48+590 'Write your feedback' \
  -fill "$GREEN" -draw 'rectangle 0,1303 646,1403' \
  -fill white -pointsize 34 -gravity north -annotate +0+1335 'SEND FEEDBACK' \
  -strip feedback.png
