return require "selfmod"
