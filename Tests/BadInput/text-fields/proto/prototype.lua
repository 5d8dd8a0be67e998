-- Text fields declared wrongly: each error names its place and line.
return {
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "home.png", elements = {
      { label = "Email", control = "text_field", frame = { 2, 2, 32, 10 },
        color = "blue", font_size = 0 },
      { label = "Name", control = "text_field", frame = { 2, 14, 32, 10 },
        value = "far too long", max_length = 4 },
      { label = "Phone", control = "text_field", frame = { 2, 26, 32, 10 },
        keyboard = "phon", padding = 16 },
      { label = "Note", control = "text_field", frame = { 2, 38, 32, 10 },
        placeholder = "two\nlines", secure = "yes", on_submit = 3 },
      { label = "Query", control = "textfield", frame = { 2, 50, 32, 10 } },
    } },
  },
}
