return { b = require "modb" }
