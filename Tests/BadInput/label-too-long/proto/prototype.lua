-- An accessibility label of 100 000 characters (a pasted text) and a text field's initial text
-- of 20 000: labels and names are capped at 1 KiB, a text field's text at 10 000 characters.
return {
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "home.png", elements = {
      { label = string.rep("L", 100000), frame = { 0, 0, 10, 10 }, on_tap = go("detail") },
      { label = "Note", control = "text_field", frame = { 0, 20, 36, 10 }, value = string.rep("v", 20000) },
    } },
    detail = { image = "detail.png" },
  },
}
