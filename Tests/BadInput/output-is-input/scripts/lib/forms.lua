return { open = function() tap "Open" end }
