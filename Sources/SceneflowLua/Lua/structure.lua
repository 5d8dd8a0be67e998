local api = ...
local sf, env, decl, quote = api.sf, api.env, api.decl, api.quote
local type, error, xpcall, ipairs, format = type, error, xpcall, ipairs, string.format
local concat, tostring = table.concat, tostring

-- Raises `message` at the nearest line of the script (or of a module it required) that led
-- here: the call of test(), skip(), prototype()... also through pcall, an alias, a C function
-- or a coroutine (where error's level would name a C function and lose the line).
local function raise(message)
  local line, _, short = api.place(2)
  error((line and (short .. ":" .. line .. ": ") or "") .. message, 0)
end

-- Raises a declaration's `message` as raise does, and keeps the first one: a declaration that
-- fails is a load error of the file at its line even when the script's pcall caught it
-- (decl.digest raises it when the load ends), so every test of the file gets one verdict
-- however the file is run (red-team 22 F3: the tests after the first failed with an internal
-- error or a false "did it change during the run?", and passed alone or reversed).
local function refuse(message)
  local line, _, short = api.place(2)
  local text = (line and (short .. ":" .. line .. ": ") or "") .. message
  decl.failed = decl.failed or text
  -- Refused once the file loaded (inside a test or a hook): kept, so what it ran in fails
  -- even when the script's pcall caught it (red-team 35 W1: the run passed).
  local escaped = api.escaped
  if escaped then
    escaped[#escaped + 1] = { message = text, why = "a declaration refused after the file loaded, which the script caught" }
  end
  error(text, 0)
end

api.define{ name = "prototype", group = "Structure",
  signature = "prototype(path)",
  summary = "Names the prototype folder the script drives, relative to the script file. Give it once, at the top; without it the runner's --prototype DIR is used.",
  args = { { "path", "a folder holding prototype.lua (string)", "string" } },
  errors = "an empty or non-string path; a path holding a NUL character; a second call",
  example = 'prototype "../../Prototypes/Notes"',
  fn = function(path)
    if type(path) ~= "string" or path == "" then
      raise("prototype: expected the path of a prototype folder (a string), got " .. quote(path))
    end
    if path:find("\0", 1, true) then
      -- A file name never holds NUL: the C call would read the path only up to it (red-team 11 m4).
      raise("prototype: the path " .. quote(path) .. " holds a NUL character, which no file name can")
    end
    if decl.prototype then raise("prototype: already given as " .. quote(decl.prototype)) end
    decl.prototype = path
  end }

local lines = {}
local TEST_OPTIONS = { "clock_limit", "tags" }

-- The name of a file's entry for its failing after_all hooks (TestOutcome.afterAllName).
local AFTER_ALL_ENTRY = "(after_all)"
-- The longest test name, in bytes.
local MAX_NAME_BYTES = 1024
-- The most tags of one test.
local MAX_TAGS = 256
-- The longest skip() reason kept, in bytes: a longer one is cut (every report prints it).
local MAX_REASON_BYTES = 1024

-- `text` cut to at most `max` bytes at a UTF-8 character boundary, ending with the count of
-- the bytes left out (as the runner cuts log messages and step calls).
local function clip(text, max)
  if #text <= max then return text end
  local cut = max
  while cut > 0 and ((text:byte(cut + 1) or 0) & 0xC0) == 0x80 do cut = cut - 1 end
  return text:sub(1, cut) .. "… (" .. (#text - cut) .. " more bytes)"
end

-- A tag: a non-empty string of letters, digits and - _ . @ : / (what --tag can name).
local function check_tags(what, name, tags)
  if type(tags) ~= "table" then
    refuse(what .. "(" .. quote(name) .. "): tags must be a list of strings such as {\"smoke\"}, got "
      .. api.show(tags))
  end
  local list, seen = {}, {}
  for k in pairs(tags) do
    if math.type(k) ~= "integer" or k < 1 or k > #tags then
      refuse(what .. "(" .. quote(name) .. "): tags must be a list of strings such as {\"smoke\"} (found the key "
        .. api.show(k) .. ")")
    end
  end
  -- Tags are copied into every report and matched by --tag: bounded like names.
  if #tags > MAX_TAGS then
    refuse(what .. "(" .. quote(name) .. "): " .. #tags .. " tags; at most " .. MAX_TAGS)
  end
  for i, tag in ipairs(tags) do
    if type(tag) == "string" and #tag > MAX_NAME_BYTES then
      refuse(what .. "(" .. quote(name) .. "): tag " .. i .. " is " .. #tag .. " bytes long; at most " .. MAX_NAME_BYTES)
    end
    if type(tag) ~= "string" or not tag:match("^[%w%-_%.@:/]+$") then
      refuse(what .. "(" .. quote(name) .. "): tag " .. i .. " must be a word of letters, digits and - _ . @ : /, got "
        .. api.show(tag))
    end
    if not seen[tag] then seen[tag] = true; list[#list + 1] = tag end
  end
  return list
end

-- The options table of test/skip/only: {clock_limit = seconds} (the test's own limit of
-- clock time, a finite number > 0) and {tags = {"smoke", ...}}. Errors name the declaring line.
local function test_options(what, name, opts)
  local result = {}
  for k, v in pairs(opts) do
    if k == "tags" then
      result.tags = check_tags(what, name, v)
    elseif k ~= "clock_limit" then
      refuse(what .. "(" .. quote(name) .. "): unknown option " .. quote(k)
        .. sf.hint(api.text(k), table.unpack(TEST_OPTIONS)) .. " (options: " .. table.concat(TEST_OPTIONS, ", ") .. ")")
    elseif type(v) ~= "number" or v ~= v or v <= 0 or v == math.huge then
      refuse(what .. "(" .. quote(name) .. "): clock_limit must be a finite number of seconds > 0, got "
        .. api.show(v))
    else
      result.clock_limit = v
    end
  end
  return result
end

-- Hooks, like tests, are declared at the top level: one added inside a test would run for
-- the tests after it only (or, for before_all, never).
local function add_hook(what, list, fn)
  -- (api.thread: the tests have begun; in a coroutine of the script's own too.)
  if api.thread then
    refuse(what .. ": hooks are declared at the top level of the script, not inside a test")
  end
  if type(fn) ~= "function" then refuse(what .. ": expected a function, got " .. type(fn)) end
  list[#list + 1] = fn
  -- The hook's line (of the script: a module's hook is at its require), where a limit that
  -- stops it is reported.
  decl.hook_lines[fn] = decl.hook_lines[fn] or (api.line())
end


-- A test's options as text for decl.signature ("" when it has none).
local function options_text(t)
  if not (t.skip or t.only or t.clock_limit or t.tags) then return "" end
  return concat({ tostring(t.skip), tostring(t.only), tostring(t.clock_limit),
    t.tags and concat(t.tags, "\1") or "" }, "\1")
end

-- Adds test t (checked) to the declarations, and its name and options to decl.signature.
local function add(t)
  local tests, signature = decl.tests, decl.signature
  local count = #tests + 1
  tests[count] = t
  signature[2 * count - 1], signature[2 * count] = t.name, options_text(t)
end

-- A load for the next test: the runner set decl.reloading to the position of the test it
-- runs. The first load checked every declaration and decl.digest tells whether this load
-- declared the same, so the other tests only add their name and options to the signature:
-- a file of N data-driven tests costs little per declaration and test.
local function redeclare(what, name, fn, extra, opts)
  local count = (decl.count or 0) + 1
  decl.count = count
  local t = { name = name }
  if extra then for k, v in next, extra do t[k] = v end end
  if opts ~= nil then
    local checked = test_options(what, name, opts)
    t.clock_limit, t.tags = checked.clock_limit, checked.tags
  end
  local signature = decl.signature
  signature[2 * count - 1], signature[2 * count] = name, options_text(t)
  if count == decl.reloading then
    t.fn, t.line = fn, api.place(3)  -- declare tail-called: its frame is gone
    decl.tests[count] = t
  end
end

local function declare(what, name, fn, extra, opts)
  if decl.reloading then return redeclare(what, name, fn, extra, opts) end
  if api.thread then
    refuse(what .. ": tests are declared at the top level of the script, not inside another test")
  end
  if type(name) ~= "string" or name == "" then
    refuse(what .. ": expected a name (a non-empty string) first, got " .. quote(name))
  end
  -- Every report copies each name (and a worker reloads the script per test): a 1 MiB name
  -- made each test cost seconds outside any Lua limit (red-team finding).
  if #name > MAX_NAME_BYTES then
    refuse(what .. ": the name is " .. #name .. " bytes long; at most " .. MAX_NAME_BYTES .. " (" .. quote(name:sub(1, 40))
      .. "...)")
  end
  local valid, bad = utf8.len(name)
  if not valid then
    -- Shown as the file writes it would be bytes no report can hold: say where it breaks.
    refuse(what .. ": the name must be valid UTF-8 text (byte " .. bad .. " is not part of a UTF-8 character)")
  end
  if name == AFTER_ALL_ENTRY then
    -- Two entries of one name, one the hook's, that no report but JSON tells apart (red-team 15 A3).
    refuse(what .. ": the name " .. quote(name) .. " is the one reports give a failing after_all hook's entry; choose another")
  end
  if type(fn) ~= "function" then
    refuse(what .. "(" .. quote(name) .. "): expected "
      .. (opts == nil and "options {clock_limit = seconds, tags = {...}} or " or "") .. "the test function "
      .. (opts == nil and "second" or "third") .. ", got " .. type(fn))
  end
  if lines[name] then
    refuse(what .. ": a test named " .. quote(name) .. " is already declared at line " .. lines[name])
  end
  -- The declaring line: the nearest of the script's (or its modules') on the stack, also when
  -- test() is called through pcall, an alias, a C function or a coroutine (never line -1).
  local line, source = api.place(3)
  if not line then refuse(what .. "(" .. quote(name) .. "): called where no line of the script is on the stack") end
  lines[name] = line
  -- A test declared by a module the script required: its place is the module's line.
  local t = { name = name, fn = fn, line = line, module = api.modules[source] }
  for k, v in pairs(extra or {}) do t[k] = v end
  if opts ~= nil then
    local checked = test_options(what, name, opts)
    t.clock_limit, t.tags = checked.clock_limit, checked.tags
  end
  add(t)
end

-- The declared tests without their functions, for the runner to read: reading the functions
-- would reference each in the registry, and the prototype's actions, loaded next, would get
-- other references than in a load that reads no tests (see decl.digest).
function decl.listing()
  local list = {}
  for i, t in ipairs(decl.tests) do
    list[i] = { name = t.name, line = t.line, skip = t.skip, only = t.only, clock_limit = t.clock_limit, tags = t.tags,
      module = t.module }
  end
  return list
end

-- The hooks each kind declared, as the lines that declared them: a load without a hook the
-- first load had (or with one it had not) would run without it, unsaid (red-team 37 W4: an
-- after_all declared only in the tests' load never ran, and the run passed).
local function hooks_signature()
  local parts = {}
  for k, kind in ipairs{ "before_all", "before_each", "after_each", "after_all" } do
    local at = {}
    for i, fn in ipairs(decl[kind]) do at[i] = tostring(decl.hook_lines[fn]) end
    parts[k] = concat(at, ",")
  end
  return concat(parts, ";")
end

-- Every declaration (each test's name and options, the hooks, then the prototype path) as one
-- string: a load for the next test compares it with the first load's, and the line of the
-- test it runs, instead of reading every test again (a file of N tests would cost N reads per
-- test).
function decl.digest()
  decl.reloading = nil  -- from here on test() checks everything again (a call inside a test fails)
  decl.count = nil
  if decl.failed then error(decl.failed, 0) end
  -- An expect(x) at the top level (the script's or a helper's) never given a matcher checked
  -- nothing: a load error at its line, as a failing expectation there is.
  local unmatched = api.unmatched_failure()
  if unmatched then error(unmatched, 0) end
  return concat(decl.signature, "\0") .. "\0\0" .. hooks_signature() .. "\0\0" .. tostring(decl.prototype)
end

-- (name, fn) or (name, options, fn): the function and the options table, if any.
-- (options, fn) or (fn): the function and the options table, if any. A nil in the options'
-- place before a function is no options, as a data-driven test(c.name, c.opts, fn) passes
-- (red-team 14 F4: it was refused at load). The third value: whether the options place was used;
-- the fourth, a value after the function (options or a Jest-style timeout in the wrong place).
local function split(a, b)
  if type(a) == "table" then return b, a, true end
  if type(a) == "function" and b ~= nil then return a, nil, false, b end
  if a == nil and type(b) == "function" then return b, nil, true end
  return a, nil, false
end

-- A value after a test's function is options in the wrong place (test(name, fn, {tags = …}),
-- Jest's test(name, fn, timeout)): refused at its line, as any misplaced argument, instead of
-- dropped (red-team 22 F5: a tagged failing test was left out of a green --tag run).
local function refuse_after_fn(what, name, after)
  refuse(what .. "(" .. quote(name) .. ", <function>, " .. api.show(after) .. "): the options go before the function: "
    .. what .. "(name, {clock_limit = seconds, tags = {...}}, fn)")
end

api.define{ name = "test", group = "Structure",
  signature = "test(name [, {clock_limit = seconds, tags = {...}}], fn)",
  summary = "Declares a test. Each test starts from a fresh prototype: the start scene, an empty history and a fresh copy of the prototype's state. fn runs as a coroutine resumed once per frame on the virtual clock. A test may use clock_limit seconds of clock time (default 1800, or --clock-limit); past it, it fails naming the step that was running, its line and how far the test got.",
  args = { { "name", "unique within the file (string)", "string" },
    { "clock_limit", "optional: this test's limit of clock time, seconds > 0 (default: --clock-limit, else 1800)", "number" },
    { "tags", "optional: a list of words such as {\"smoke\"}; sceneflow test --tag smoke runs only tests with the tag, --tag-invert leaves them out", "string[]" },
    { "fn", "the test body (function)", "function" } },
  errors = "a missing name, a name already used or (after_all) (the name of a failing after_all hook's entry), fn not a function, a value after fn (options go before it), an unknown option or a clock_limit that is not a number > 0 (when the script loads, at the test's line; also when the script's pcall caught it: the file does not load)",
  example = 'test("opens settings", function()\n  tap "More options"\n  expect.scene "settings"\nend)\ntest("a long walk", {clock_limit = 3600}, function() end)\ntest("signs in", {tags = {"smoke"}}, function() end)',
  fn = function(name, a, b)
    -- A load for another test (decl.reloading): a test without options adds only its name
    -- to the signature, so a data-driven file's top level costs little more than its loop.
    local reloading = decl.reloading
    if reloading and type(a) ~= "table" then
      local count = (decl.count or 0) + 1
      if count ~= reloading then
        decl.count = count
        local signature = decl.signature
        signature[2 * count - 1], signature[2 * count] = name, ""
        return
      end
    end
    local fn, opts, _, after = split(a, b)
    if after ~= nil then refuse_after_fn("test", name, after) end
    declare("test", name, fn, nil, opts)
  end }

api.define{ name = "skip", group = "Structure",
  signature = "skip(name [, options], fn [, reason])",
  summary = "Declares a test that is reported as skipped (with the reason) and not run.",
  args = { { "name", "as test", "string" }, { "options", "as test", "TestOptions" },
    { "fn", "function (kept so the test is easy to re-enable)", "function" },
    { "reason", "optional string shown in the reports", "string" } },
  errors = "as test()",
  example = 'skip("dark mode", function() end, "no dark screenshots yet")',
  fn = function(name, a, b, c)
    local fn, opts, placed = split(a, b)
    local reason = placed and c or b
    if reason ~= nil and type(reason) ~= "string" then
      refuse("skip(" .. quote(name) .. "): the reason must be a string, got " .. type(reason))
    end
    -- A reason no report can hold would be lost on the way out, and the test run instead.
    local valid, bad = true, nil
    if reason ~= nil then valid, bad = utf8.len(reason) end
    if not valid then
      refuse("skip(" .. quote(name) .. "): the reason must be valid UTF-8 text (byte " .. bad
        .. " is not part of a UTF-8 character)")
    end
    declare("skip", name, fn, { skip = reason and clip(reason, MAX_REASON_BYTES) or "skipped with skip()" }, opts)
  end }

api.define{ name = "only", group = "Structure",
  signature = "only(name [, options], fn)",
  summary = "Declares a test and runs only the tests declared with only() in this file; the others are left out of the run and of every report, as --filter leaves tests out.",
  args = { { "name", "as test", "string" }, { "options", "as test", "TestOptions" }, { "fn", "as test", "function" } },
  errors = "as test()",
  example = 'only("the one I am fixing", function() tap "Save" end)',
  fn = function(name, a, b)
    local fn, opts, _, after = split(a, b)
    if after ~= nil then refuse_after_fn("only", name, after) end
    declare("only", name, fn, { only = true }, opts)
  end }

api.define{ name = "before_each", group = "Structure",
  signature = "before_each(fn)",
  summary = "Runs fn at the start of every test of the file, after the prototype was reset. An error in it fails the test (after_each still runs).",
  args = { { "fn", "function; may use gestures and expectations", "function" } },
  errors = "fn not a function",
  example = 'before_each(function() tap "Accept cookies" end)',
  fn = function(fn)
    add_hook("before_each", decl.before_each, fn)
  end }

api.define{ name = "after_each", group = "Structure",
  signature = "after_each(fn)",
  summary = "Runs fn at the end of every test, passed or failed, however it ended: after a limit (the watchdog, the clock or memory limit) or a failing prototype action in a fresh load of the file, after a stopped worker in a fresh worker (not after a stop signal). A limit that stops one after_each hook leaves the ones after it to a fresh load: they still run. An error in it fails a test that had passed; after a failure it follows the test's message (…; then, in after_each: …).",
  args = { { "fn", "function", "function" } },
  errors = "fn not a function",
  example = 'after_each(function() log.message("ended on " .. scene()) end)',
  fn = function(fn)
    add_hook("after_each", decl.after_each, fn)
  end }

-- Lua reads a hexadecimal integer modulo 2^64 (0xffffffffffffffff is -1): true when the
-- text is one outside -2^63 ... 2^63 - 1.
local function wraps_around(text)
  local sign, digits = text:match("^%s*(%-?)0[xX](%x+)%s*$")
  if not digits then return false end
  digits = digits:gsub("^0+", ""):lower()
  if sign == "-" and digits == "8000000000000000" then return false end
  return #digits > 16 or (#digits == 16 and tonumber(digits:sub(1, 1), 16) >= 8)
end

local TRUE_WORDS = { ["true"] = true, ["1"] = true, yes = true, on = true }
local FALSE_WORDS = { ["false"] = false, ["0"] = false, no = false, off = false }
api.define{ name = "param", group = "Structure",
  signature = "param(key [, default])",
  summary = "A parameter of the run: sceneflow test --param key=value (repeatable), or --param-env NAME for the environment variable NAME (environment variables reach scripts only so). nil, or default, when not given; with a number or boolean default the value is converted (\"yes\"/\"no\", \"true\"/\"false\", \"1\"/\"0\", \"on\"/\"off\"). Works at the top of the file too. A --param that no test of the run read is named in a warning at the end, with a did-you-mean among the keys read (the verdicts stand).",
  args = { { "key", "the parameter's name (string)", "string" }, { "default", "optional: the value when not given (string, number or boolean)", "string|number|boolean" } },
  returns = "the value (a string, or converted to default's type), default, or nil",
  returns_type = "string|number|boolean|nil",
  errors = "a key that is not a string; a value that is not a finite number (or boolean) when default is one, or a hexadecimal integer outside the 64-bit range (Lua would read it modulo 2^64)",
  example = 'local user = param("user", "ada")\nlocal retries = param("retries", 3)',
  fn = function(key, default)
    if type(key) ~= "string" then raise("param: expected a parameter name (a string), got " .. api.show(key)) end
    local value = sf.param(key)
    local what = "param(" .. quote(key) .. (default ~= nil and (", " .. api.show(default)) or "") .. ")"
    if value == nil then return default end
    if type(default) == "number" then
      local n = tonumber(value)
      if not n then raise(what .. ": --param " .. key .. "=" .. value .. " is not a number (the default is a number)") end
      if wraps_around(value) then
        raise(what .. ": --param " .. key .. "=" .. value .. " does not fit a 64-bit integer (the default is a number)")
      end
      if n == math.huge or n == -math.huge then
        raise(what .. ": --param " .. key .. "=" .. value .. " is not a finite number (the default is a number)")
      end
      return n
    elseif type(default) == "boolean" then
      local b = TRUE_WORDS[value:lower()]
      if b == nil then b = FALSE_WORDS[value:lower()] end
      if b == nil then
        raise(what .. ": --param " .. key .. "=" .. value .. " is not true or false (the default is a boolean)")
      end
      return b
    end
    return value
  end }

decl.before_all, decl.after_all, decl.hook_lines = {}, {}, {}
api.define{ name = "before_all", group = "Structure",
  signature = "before_all(fn)",
  summary = "Runs fn before the tests of the file: globals it sets are there for every test (each test sees one run of it: every test has a fresh Lua state, so it runs again in each), its log and steps are the first test's, and the prototype is reset after it (its gestures never reach a test). Its clock time is no test's: a test's clock_limit, clock seconds and the times of its steps and log count from the end of before_all (its own steps in the first test keep their times from before_all's start). An error in it fails every test of the file with the reason (as Playwright's beforeAll); after_all still runs.",
  args = { { "fn", "function", "function" } },
  errors = "fn not a function",
  example = 'local user\nbefore_all(function() user = { name = "Ada" } end)',
  fn = function(fn)
    add_hook("before_all", decl.before_all, fn)
  end }

api.define{ name = "after_all", group = "Structure",
  signature = "after_all(fn)",
  summary = "Runs fn once per file, after the last test that runs, also when tests failed: in a fresh load of the file (after its before_all, for their globals) on a fresh session at the start scene, so no test's globals or scene reach it whatever the order. An error in it is reported on its own, as a failed (after_all) entry of the file (as Playwright reports an afterAll error): the tests keep their verdicts and the run fails. A limit that stops one after_all hook leaves the ones after it to a fresh load: they still run, and their failures join the entry.",
  args = { { "fn", "function", "function" } },
  errors = "fn not a function",
  example = 'after_all(function() log.message("file done") end)',
  fn = function(fn)
    add_hook("after_all", decl.after_all, fn)
  end }

api.define{ name = "step", group = "Structure",
  signature = "step(name, fn)",
  summary = "Runs fn as a named step of the running test (as Playwright's test.step): the gestures, waits and expectations inside are grouped under the name in every report, and steps nest. Returns what fn returns. A failure inside fails the step and every step around it.",
  args = { { "name", "what the step does (a non-empty string)", "string" }, { "fn", "the step's body (function)", "function" } },
  returns = "fn's results", returns_type = "any",
  errors = "a missing name or function; called outside a test",
  example = 'step("sign in", function()\n  tap "Sign in"\n  expect.scene "home"\nend)',
  fn = function(name, fn, ...)
    if type(name) ~= "string" or name == "" then
      api.misuse("step: expected a name (a non-empty string) first, got " .. api.show(name))
    end
    local call = "step(" .. api.show(name) .. ")"
    if type(fn) ~= "function" then api.misuse(call .. ": expected the step's function second, got " .. type(fn)) end
    api.inside_test(call, false)  -- what fn calls says so if it waits
    local depth = sf.step_begin(call, (api.line()), name)
    local guard <close> = api.step_guard(depth)
    local soft_before = #api.soft
    local results = table.pack(fn(...))
    sf.step_end(#api.soft == soft_before, depth)  -- a soft failure inside fails the step (it still ends)
    guard.ended = true
    return table.unpack(results, 1, results.n)
  end }

-- A failure that something of the script's may have caught but that fails the test anyway
-- (kept in api.escaped by api.fail: raised inside a coroutine of the script's own, or a call
-- refused inside a callback C runs), as a message, and whether it was a call made wrongly
-- (api.misuse: an error, not an expectation); nil when none. Empties api.escaped.
local function escaped_failure()
  local escaped = api.escaped
  if not escaped or #escaped == 0 then return nil end
  api.escaped = {}
  return escaped[1].message .. (#escaped > 1 and format(" (and %d more failures)", #escaped - 1) or "")
    .. "\n(" .. escaped[1].why .. "; the test fails anyway)", escaped[1].misuse
end

-- The soft expectations that failed since api.soft held `from` of them, as one failure
-- message at the first one's line (taken out of api.soft and Swift's list); nil when none.
-- With `hard` (the hook's own error text), the message is that error followed by the list.
local function soft_failure(from, hard)
  if #api.soft <= from then return nil end
  local kept, theirs = api.soft, {}
  for i = from + 1, #kept do theirs[#theirs + 1] = kept[i] end
  for i = #kept, from + 1, -1 do kept[i] = nil end
  api.soft = theirs
  local function list(room)
    local text, at = api.soft_report(room)
    return (at and (api.source_label .. ":" .. at .. ": ") or "") .. text
  end
  local text = hard and api.hard_then_soft(hard, #theirs, list) or list()
  api.soft = kept
  sf.soft_reported()
  return text
end

-- `err` as it was raised when it is the last expectation noted with places put before it on
-- the way out (coroutine.wrap adds one per coroutine): the place shows once, in every report
-- (red-team 56 W1: `aa.lua:3: aa.lua:3: expected 1 to be 2`).
local function unwrapped(err)
  if err ~= api.noted and api.is_noted(err) then return api.noted end
  return err
end

-- Runs the hooks of `list`; `ok, err` is how the test stood before them, and each hook's
-- failure follows (`label: message`, after `; then, ` when there was one). With `own`
-- (after_each) a hook also fails by a soft expectation or a failure caught in a coroutine of
-- its own: they are the hook's, named after the test's failure, never mixed into the test's.
-- `skip`: the first hooks of the list are left out (a fresh load runs the hooks after one a
-- limit stopped: red-team 33 C1). With `own`, each hook's number goes to Swift (sf.hook) as
-- it begins, so a stop inside it says where the rest starts.
local function hooks(list, label, ok, err, own, skip)
  -- Whether the failure so far is an expectation: kept across the hooks, whose own
  -- expectations (caught or not) are noted over it (red-team 55 A B1, B2).
  local err_noted = not ok and api.is_noted(err)
  for i = (skip or 0) + 1, #list do
    local hook = list[i]
    if own then sf.hook(i) end
    local soft_before = #api.soft
    api.unmatched = {}
    local hook_ok, hook_err = xpcall(hook, api.traced)
    if not hook_ok then hook_err = unwrapped(hook_err) end
    -- Whether the hook failed by an expectation (noted), as the test's own failure would.
    local hook_noted = not hook_ok and api.is_noted(hook_err)
    -- Its own expect(x) left without a matcher fails the hook, whatever failed before it
    -- (red-team 34 C5: after a failed body, or a hook before it, it was dropped).
    local unmatched = api.unmatched_failure()
    if hook_ok and unmatched then hook_ok, hook_err = false, unmatched end
    if own then
      local caught, misuse = escaped_failure()
      if hook_ok and caught then hook_ok, hook_err, hook_noted = false, caught, not misuse end
      local soft = soft_failure(soft_before, not hook_ok and api.error_text(hook_err) or nil)
      if soft then hook_ok, hook_err, hook_noted = false, soft, hook_ok or hook_noted end
    end
    if not hook_ok then
      if ok then
        ok, err, err_noted = false, label .. ": " .. api.error_text(hook_err), hook_noted
      else
        -- Each keeps its share of the message (red-team 32 A1: a long error of many lines
        -- left no room for the hook's), and the kind of the first failure.
        err = api.joined(api.error_text(err), "; then, " .. label .. ": ", api.error_text(hook_err))
      end
      if err_noted then api.note(err) end
      -- The failure so far goes with the phase: a limit or a stopped worker in a later hook
      -- follows it instead of losing it (red-team 33 C1).
      if own then sf.phase("after_each", api.error_text(err)) end
    end
  end
  if err_noted and api.noted ~= err then api.note(err) end
  return ok, err
end

-- How the test itself ended, with the failures it did not raise: one caught in a coroutine of
-- its own, and its soft expectations (after a hard failure, their list follows it). Called
-- before after_each, so a failing after_each follows the test's whole failure.
local function own_failure(ok, err)
  if not ok then err = unwrapped(err) end  -- its place put before it again on the way out
  local caught, misuse = escaped_failure()
  if ok and caught then
    ok, err = false, caught
    -- A call made wrongly stays an error (api.misuse); a failure, an expectation.
    if not misuse then
      api.failed = { raised = err }
      api.note(err)
    end
  end
  -- An expect(x) left without its matcher is a call made wrongly: an error, as in every hook
  -- (red-team 54 A A3: it was an expectation in the test only).
  local unmatched = api.unmatched_failure()
  if ok and unmatched then ok, err = false, unmatched end
  local soft, line = api.soft_report()
  if soft then
    if ok then
      -- Only soft failures: an expectation failure at the first one's line.
      ok, err = false, (line and (api.source_label .. ":" .. line .. ": ") or "") .. soft
      api.note(err)
    else
      local noted = api.is_noted(err)
      err = api.hard_then_soft(api.error_text(err), #api.soft, api.soft_report)
      if noted then api.note(err) end
    end
    api.soft = {}
    sf.soft_reported()
  end
  return ok, err
end

-- The script's globals after its top level ran, and the contents of the tables among
-- them (libraries, expect, log), so each test starts from them again: a test that
-- replaces `tap` or changes `string.upper` does not break the next one.
function decl.freeze()
  local saved = {}
  for k, v in next, env do
    local contents
    if type(v) == "table" then
      contents = {}
      for kk, vv in next, v do contents[kk] = vv end  -- raw: no __pairs (state's proxy)
    end
    saved[k] = { value = v, contents = contents }
  end
  decl.frozen = saved
end

local function restore()
  local saved = decl.frozen
  if not saved then return end
  for k in next, env do if saved[k] == nil then rawset(env, k, nil) end end
  for k, entry in pairs(saved) do
    rawset(env, k, entry.value)
    if entry.contents then
      local t = entry.value
      for kk in next, t do if entry.contents[kk] == nil then rawset(t, kk, nil) end end
      for kk, vv in pairs(entry.contents) do rawset(t, kk, vv) end
    end
  end
end

-- In a load made only for the after_all hooks, before_all's failure there (an error, a soft
-- expectation, an expect(x) without a matcher, a failure caught in a coroutine of its own) is
-- their entry's first part: the tests ran in other loads, and the run is no longer whole
-- (red-team 37 W3: it was in no report, and a passing after_all left the run green). The
-- hooks still run after it, as after a before_all error in a test's load.
local function before_all_for_after_all(ok, err)
  local caught = escaped_failure()
  if ok and caught then ok, err = false, caught end
  local hard = not ok and api.error_text(err):gsub("^in before_all: ", "", 1) or nil
  local text = soft_failure(0, hard) or hard
  if text then sf.before_all_failed(text) end
  return true, nil
end

-- Runs test `index`: before_all, before_each, the test, after_each, and after_all when `last`
-- (the runner's last test of the file). Every test has a fresh Lua state, so before_all runs
-- in each for its globals; the prototype is reset after it, and only in the `first` test run
-- are its log and steps kept (sf.after_before_all).
-- With `hooks_only` "after_each" (a limit stopped the test's Lua state before its after_each
-- hooks, or the test ended its worker process) only before_all (for its globals), after_each
-- and, when `last`, after_all run, in a fresh load; with "after_all" (the rest of a file whose
-- last test ended its worker process after its after_each) only before_all and after_all.
-- With `without_before_all` (a limit or a stopped worker ended the before_all hooks) a hooks-only
-- run leaves them out: they would only be stopped again, and the hooks after them never run.
-- `skip`: in a hooks-only run, how many of the hooks it names are left out (a limit or a
-- stopped worker ended the last of them; the ones before it ran).
function decl.run(index, last, first, hooks_only, without_before_all, skip)
  restore()
  local t = decl.tests[index]
  api.thread = coroutine.running()
  api.scope = nil
  api.block_timeout = nil
  api.last_tap = nil
  api.soft = {}
  api.unmatched = {}
  api.escaped = {}
  api.captured = {}  -- capture names of this test -> the line that captured each
  local ok, err = true, nil
  -- The runner learns which hook runs (sf.phase) only for a file that has hooks: a limit or
  -- a stopped worker then names the hook, and after_all's leaves the test its verdict.
  local has_before = #decl.before_all > 0 or #decl.before_each > 0
  if hooks_only and without_before_all then decl.before_all_ran = true end
  if not decl.before_all_ran then
    decl.before_all_ran = true
    if #decl.before_all > 0 then sf.phase("before_all") end
    ok, err = hooks(decl.before_all, "in before_all", true, nil)
    if ok then decl.freeze() else decl.before_all_failure = err end  -- its globals stay
    sf.step_unwind(0)
    if ok and #decl.before_all > 0 then sf.after_before_all(first, not hooks_only) end
    if hooks_only == "after_all" then ok, err = before_all_for_after_all(ok, err) end
  elseif decl.before_all_failure then
    ok, err = false, decl.before_all_failure
  end
  if ok and hooks_only == "after_each" then
    if #decl.after_each > 0 then sf.phase("after_each") end
    ok, err = hooks(decl.after_each, "in after_each", true, nil, true, skip)
  elseif ok and not hooks_only then
    if #decl.before_each > 0 then sf.phase("before_each") end
    ok, err = hooks(decl.before_each, "in before_each", true, nil)
    if has_before then sf.phase("test") end
    if ok then ok, err = xpcall(t.fn, api.traced) end
    sf.step_unwind(0)  -- steps a failure left open end failed; after_each's are top level
    ok, err = own_failure(ok, err)
    -- How the test ended goes with the phase: a limit that stops the hooks keeps it.
    if #decl.after_each > 0 then sf.phase("after_each", not ok and api.error_text(err) or nil) end
    ok, err = hooks(decl.after_each, "in after_each", ok, err, true)
  end
  if last then
    -- An after_all error is the file's, not this test's (it runs after whichever test runs
    -- last): it is reported as its own (after_all) entry, as Playwright reports afterAll.
    sf.step_unwind(0)
    local soft_before = #api.soft
    api.escaped = {}
    local failure = not ok and tostring(err) or nil
    for i = (hooks_only == "after_all" and skip or 0) + 1, #decl.after_all do
      local hook = decl.after_all[i]
      -- Each hook's line: a limit or a stopped worker inside it is reported there.
      sf.phase("after_all", failure, decl.hook_lines[hook])
      sf.hook(i)
      api.unmatched = {}
      local hook_ok, hook_err = xpcall(hook, api.traced)
      if not hook_ok then hook_err = unwrapped(hook_err) end
      local unmatched = api.unmatched_failure()
      if hook_ok and unmatched then hook_ok, hook_err = false, unmatched end
      if not hook_ok then sf.after_all_failed(api.error_text(hook_err)) end
      -- A failure caught in a coroutine of the hook's own is the hook's too (once: not when
      -- it is the one the hook failed with, passed on through coroutine.wrap).
      local caught = escaped_failure()
      if caught and hook_ok then sf.after_all_failed(caught) end
    end
    -- Soft expectations that failed inside the hooks are theirs too (the (after_all) entry),
    -- never the test's, which only ran before them. (Swift's list of unreported soft
    -- failures loses theirs; the test's own were reported before after_each.)
    local soft = soft_failure(soft_before)
    if soft then sf.after_all_failed(soft) end
    -- The hooks are over: what ends the test from here (its failure, its soft expectations)
    -- is the test's own, never the hooks' (a phase left at after_all made the runner take the
    -- test's failure for a stop inside them).
    if #decl.after_all > 0 then sf.phase("test") end
  end
  -- What is left of the test's own (after before_all, or a hooks-only run)
  ok, err = own_failure(ok, err)
  api.escaped = nil
  if not ok then error(err, 0) end
end
