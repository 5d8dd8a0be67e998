return { a = require "moda" }
