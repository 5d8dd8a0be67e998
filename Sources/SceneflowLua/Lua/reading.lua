local api = ...
local sf, fail, show = api.sf, api.fail, api.show
local misuse = api.misuse
local type, setmetatable, ipairs, next = type, setmetatable, ipairs, next

api.define_class{ name = "Frame", summary = "An element's frame in points, where its scene shows it at rest.",
  fields = { { "x", "left edge", "number" }, { "y", "top edge", "number" }, { "w", "width", "number" },
    { "h", "height", "number" } } }
api.define_class{ name = "Element", summary = "An element of the current scene as element() and elements() return it.",
  fields = { { "label", "the accessibility label", "string" }, { "kind", "the element's kind", "string" },
    { "frame", "where the scene shows it", "Frame" },
    { "value", "the accessibility value (a star rating's number of stars)", "string|number|nil" },
    { "accessibility_value", "the value as it is read out (\"3.5 of 5 stars\")", "string?" },
    { "enabled", "false for a disabled element", "boolean" },
    { "visible", "whether any part of it shows: on the screen, inside its overlay card, not under a fixed header or footer (the part a press can hit)", "boolean" },
    { "index", "its position among the scene's elements", "integer" },
    { "states", "a state control's states, in order", "string[]?" },
    { "secure", "whether a text field hides its text", "boolean?" },
    { "placeholder", "a text field's placeholder", "string?" },
    { "min", "a star rating's lowest value", "number?" }, { "max", "a star rating's highest value", "number?" },
    { "step", "a star rating's step", "number?" },
    { "read_only", "whether a star rating takes no input", "boolean?" } } }

api.define{ name = "scene", group = "Reading state",
  signature = "scene()",
  summary = "The name of the current scene: the top of the navigation stack (the destination as soon as a transition starts).",
  returns = "string", returns_type = "string",
  example = 'if scene() == "onboarding" then tap "Skip" end',
  fn = function() return sf.scene() end }

api.define{ name = "now", group = "Reading state",
  signature = "now()",
  summary = "The virtual clock's time in seconds since the test's clock started (it advances 1/60 s per frame): from the end of the file's before_all hooks, as the test's log and step times, or from the start of before_all inside it.",
  returns = "number (seconds)", returns_type = "number",
  example = "local t = now()\nwait(0.5)\nexpect(now() - t).to_be_close_to(0.5, 1/60)",
  fn = function() return sf.now() - sf.test_clock_start() end }

api.define{ name = "elements", group = "Reading state",
  signature = "elements()",
  summary = "The elements of the current scene (inside the within() scope), in declaration order.",
  returns = "a list of {label, kind, frame = {x =, y =, w =, h =} in points, value, enabled, visible, index}",
  returns_type = "Element[]",
  example = 'for _, e in ipairs(elements()) do log.debug(e.label) end',
  fn = function()
    local list, problem = api.scoped_elements()
    if not list then fail("elements(): " .. problem) end
    local copy = {}  -- the script's own tables: Sceneflow keeps the list it read (api.matches)
    for i, e in ipairs(list) do copy[i] = api.copy_element(e) end
    return copy
  end }

api.define{ name = "element", group = "Reading state",
  signature = "element(locator)",
  summary = "The one element the locator matches in the current scene now, or nil when none does (an element of another scene). Does not wait.",
  args = { { "locator", "as tap", "Locator" } },
  returns = "{label, kind, frame = {x =, y =, w =, h =}, value, enabled, visible, index} or nil",
  returns_type = "Element|nil",
  errors = "several matches; a locator that no scene of the prototype matches (a typo: expect(element(x)).to_be_falsy() would always pass), with did-you-mean",
  example = 'expect(element("Save").enabled).to_be(false)',
  fn = function(loc)
    local what = "element(" .. show(loc) .. ")"
    local found, _, problem = api.matches(what, loc)
    if problem then fail(what .. ": " .. problem) end  -- a within() scope that cannot hold (red-team 14 F7)
    if #found == 0 then
      -- nil for an element of another scene; a label or kind no scene has is a typo (red-team 12 S4)
      api.require_known(what, loc)
      return nil
    end
    local index = type(loc) == "table" and loc.index or nil
    local e = found[index or 1]
    if not index and #found > 1 then
      local _, desc = api.matcher(what, loc)
      fail(what .. ": " .. api.ambiguous(found, desc))
    end
    return e and api.copy_element(e)  -- the script's own table (Sceneflow keeps the one it read)
  end }

api.define{ name = "history", group = "Reading state",
  signature = "history()",
  summary = "The scenes shown since the test started, in order (the start scene first).",
  returns = "a list of scene names", returns_type = "string[]",
  example = 'expect(history()).to_equal({"home", "settings"})',
  fn = function() return sf.history() end }


-- Read-only views of the tables in the prototype's state: a view is an empty table whose
-- shared metatable reads through to the table (api.state_views[view]); nested tables come
-- out as views too, and a write fails at the script's line (red-team 25 F4: `state.cart.count
-- = 2` reached the prototype's actions and turned a flow the prototype refuses green). One
-- view a table, so `state.cart == state.cart`; where a view came from (`origin[view]` = {the
-- view it was read from or nil, its key}) names it in messages, built only then, as a state
-- may nest 100 000 tables deep.
local view_of = setmetatable({}, { __mode = "k" })
local origin = setmetatable({}, { __mode = "k" })
local VIEW = {}

local A_KEY = {}  -- in a path: a table that is a key, not a value (red-team 27 F1)

-- The view of `t` read under key `k` of the view `from` (nil: of `state`), or `t` itself when
-- it is no table; with `is_key`, `t` is a key of `from` (pairs, next) and a view too.
local function view(t, from, k, is_key)
  if type(t) ~= "table" then return t end
  local v = view_of[t]
  if v then return v end
  v = setmetatable({}, VIEW)
  view_of[t], api.state_views[v], origin[v] = v, t, { from, is_key and A_KEY or k }
  return v
end

-- The prototype's table a view shows (`state` itself: the state now), or nil for no view.
local function shown(t)
  local real = type(t) == "table" and api.state_views[t]
  if type(real) == "function" then return real() end
  return real or nil
end

-- A key as the prototype's table holds it: a view of a table key is that table (red-team 27
-- F2: `state.map[state.k]` read nil).
local function real_key(k)
  return shown(k) or k
end

function api.key_twin(k) return shown(k) or view_of[k] end

-- The view a child of `t` (a view, or `state`) is read from: nil for `state`.
local function parent(t)
  return type(api.state_views[t]) == "table" and t or nil
end

-- `state.cart.items[2]` for key `k` of the view `v` (nil: of `state`), as a script writes it;
-- past 20 levels the middle is left out.
local function path(v, k)
  local keys = { k }
  while v do
    keys[#keys + 1] = origin[v][2]
    v = origin[v][1]
  end
  local parts, n = { "state" }, #keys
  for i = n, 1, -1 do
    if n > 20 and i == n - 10 then parts[#parts + 1] = "…" end
    if n <= 20 or i > n - 10 or i <= 10 then
      local key = keys[i]
      parts[#parts + 1] = (key == A_KEY and "[<a table key>]")
        or (type(key) == "string" and key:match("^[%a_][%w_]*$")) and ("." .. key)
        or ("[" .. show(key) .. "]")
    end
  end
  return table.concat(parts)
end

VIEW.__index = function(v, k) return view(api.state_views[v][real_key(k)], v, k) end
VIEW.__newindex = function(v, k)
  fail(path(v, k) .. ": the prototype's state is read-only in scripts; change it through the prototype's actions")
end
VIEW.__len = function(v) return #api.state_views[v] end
-- `next` over a view (or `state`): its keys and values, tables as views.
local function view_next(t, k)
  local nk, nv = next(shown(t), real_key(k))
  if nk == nil then return nil end
  local from = parent(t)
  return view(nk, from, nk, true), view(nv, from, nk)
end
VIEW.__pairs = function(v) return view_next, v, nil end

-- The raw functions see a view's contents too, and rawset refuses it (red-team 27 F2: `next`
-- and `rawget` saw an empty table, so `next(state.cart.items) == nil` held for a full cart).
local env = api.env
local raw_next, raw_get, raw_len, raw_set = env.next, env.rawget, env.rawlen, env.rawset
env.next = function(t, ...)
  if shown(t) then return view_next(t, ...) end
  return raw_next(t, ...)
end
env.rawget = function(t, k, ...)
  local real = shown(t)
  if real then return view(raw_get(real, real_key(k)), parent(t), k) end
  return raw_get(t, k, ...)
end
env.rawlen = function(t, ...)
  local real = shown(t)
  if real then return raw_len(real) end
  return raw_len(t, ...)
end
env.rawset = function(t, k, ...)
  if shown(t) then
    fail(path(parent(t), k) .. ": the prototype's state is read-only in scripts; change it through the prototype's actions")
  end
  return raw_set(t, k, ...)
end

-- The prototype's state table; `what` (the read, as "state.n") fails when an action replaced
-- app.state with something other than a table (red-team 31 F4: "attempt to index a number").
function api.state_root(what)
  local s = sf.state()
  if s == nil then return {} end
  if type(s) ~= "table" then
    fail(what .. ": the prototype's app.state is " .. api.show(s) .. ", not a table: one of its actions replaced it (app.state must stay a table)")
  end
  return s
end

api.define_value({ name = "state", group = "Reading state",
  signature = "state.key",
  summary = "The prototype's own state table (its `state = {...}`, changed by its Lua actions through app.state), read-only from scripts at every depth: a table in it, value or key, reads as a read-only view (index, #, pairs, ipairs, next, rawget, rawlen and expectations see its contents; rawset is refused). Fresh for every test.",
  returns = "the value under key", returns_type = "table<string, any>",
  errors = "assigning to it or to any table in it (state.cart.count = 2, table.insert(state.cart.items, x)); reading a key the state never had, in its initial table or after any action, and prototype.lua never names (a key an action sets later reads nil until then) (with did-you-mean; a key an action cleared reads nil)",
  example = "expect(state.cart_count).to_be(2)" },
  setmetatable({}, {
    -- a key the state never had is a typo, as in expect.state (red-team 12 S1)
    __index = function(_, key)
      local s = api.state_root("state." .. api.text(key))
      key = real_key(key)
      local v = s[key]
      if v == nil and not api.state_had(s, key) then
        misuse("state." .. api.text(key) .. ": " .. api.no_state_key(s, key))  -- a typo: an error (54 A A3)
      end
      return view(v, nil, key)
    end,
    __newindex = function(_, key) VIEW.__newindex(nil, key) end,
    __pairs = function(t) return view_next, t, nil end,
  }))
api.state_views[api.env.state] = function() return api.state_root("state") end
