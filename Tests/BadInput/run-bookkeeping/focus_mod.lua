only("focused", function() end)
return {}
