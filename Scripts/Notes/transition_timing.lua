-- Transition timing on the virtual clock: measured equals requested, to the frame.
prototype "../../Prototypes/Notes"

test("settings pushes in 0.35 s and comes back the same way", function()
  tap "More options"
  expect.transition { from = "note", to = "settings", kind = "push_left", duration = 0.35 }
  local t = last_transition()
  expect(t.frames).to_be(22)          -- 0.35 s at 60 Hz: 21 intervals, both ends drawn
  expect(t.hitches).to_be(0)
  expect(t.on_time).to_be(true)
  tap "Back"
  expect.transition { from = "settings", to = "note", kind = "push_right", duration = 0.35 }
end)

test("customize colors covers up in 0.25 s", function()
  tap "More options"
  tap "Customize colors"
  expect.transition { to = "colors", kind = "cover_up", duration = 0.25 }
  expect(last_transition().curve).to_be("ease_out")
end)
