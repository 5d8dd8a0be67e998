#!/usr/bin/env -S sceneflow test
prototype "proto"
test("runs", function() tap "Open" end)
