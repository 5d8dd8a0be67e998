import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

@Suite struct SandboxTests {
    @Test func osAndIoAreNotAvailable() {
        #expect(
            TestFolders.lines("os.execute(\"touch /tmp/pwned\")") == [
                "prototype.lua:1: attempt to index a nil value (global 'os'); os is not available here: Sceneflow runs Lua files in a sandbox without file, process or module access"
            ])
        #expect(
            TestFolders.lines("local f = io.open(\"/etc/passwd\")") == [
                "prototype.lua:1: attempt to index a nil value (global 'io'); io is not available here: Sceneflow runs Lua files in a sandbox without file, process or module access"
            ])
    }

    @Test func fileAndModuleLoadersAreNil() {
        let lua = """
            assert(dofile == nil and loadfile == nil and require == nil and package == nil)
            assert(debug == nil and coroutine == nil and not pcall(string.dump, print) and getmetatable("") == "string")
            assert(load("return os")() == nil, "load must default to the sandbox")
            local f, message = load("\\27Lua")
            assert(f == nil and message:find("binary"), message)
            error("sandbox ok")
            """
        #expect(TestFolders.lines(lua) == ["prototype.lua:6: sandbox ok"])
    }

    @Test func endlessLoopIsStopped() {
        let lines = TestFolders.lines("local n = 0\nwhile true do n = n + 1 end\n")
        #expect(
            lines == [
                "prototype.lua:2: prototype.lua did not finish: it ran more than 50000000 instructions or 10 s (an endless loop?)"
            ])
    }

    @Test func endlessLoopCannotHideInPcall() {
        let folder = TestFolders.prototype("while true do pcall(function() while true do end end) end")
        do {
            _ = try PrototypeLoader.load(directory: folder, limits: LuaLimits(loadInstructions: 1_000_000))
            Issue.record("expected an error")
        } catch {
            #expect(
                error.diagnostics.first?.message
                    == "prototype.lua did not finish: it ran more than 1000000 instructions or 10 s (an endless loop?)")
        }
    }

    @Test func memoryLimit() {
        let folder = TestFolders.prototype("local t = {}\nfor i = 1, 1e9 do t[i] = string.rep(\"x\", 1000) .. i end\n")
        do {
            _ = try PrototypeLoader.load(directory: folder, limits: LuaLimits(memoryBytes: 8 << 20))
            Issue.record("expected an error")
        } catch {
            #expect(
                error.diagnostics.first?.message
                    == "prototype.lua used more than 8 MiB of memory (a table or string that grows without end?)")
        }
    }

    @Test func metamethodsDoNotRunWhileReading() throws {
        // A table whose __index or __pairs would run code is read raw.
        let lua =
            TestFolders.good.replacingOccurrences(
                of: "return {", with: "return setmetatable({")
            + ", { __index = function() error(\"ran\") end, __pairs = function() error(\"ran\") end })"
        let loaded = try PrototypeLoader.load(directory: TestFolders.prototype(lua))
        #expect(loaded.prototype.name == "Notes")
    }

    @Test func luaFunctionActionsRunWithApp() throws {
        let lua = TestFolders.good.replacingOccurrences(
            of: "on_tap = go(\"detail\")",
            with:
                "on_tap = function(app) if app:scene() == \"home\" then app:go(\"detail\", \"crossfade\", 0.3) end end"
        )
        .replacingOccurrences(
            of: "on_tap = go(\"settings\", \"none\")", with: "on_tap = function(app) app:go(\"setings\") end")
        let loaded = try PrototypeLoader.load(directory: TestFolders.prototype(lua))
        guard case .script(let ref)? = loaded.prototype.scenes["home"]?.elements[0].onTap,
            case .script(let bad)? = loaded.prototype.scenes["detail"]?.elements[1].onTap
        else {
            Issue.record("expected Lua-function actions")
            return
        }
        let app = RecordingApp()
        #expect(loaded.call(ref, app: app) == nil)
        #expect(app.actions == [.go(scene: "detail", transition: Transition(kind: .crossfade, duration: 0.3))])
        let problem = loaded.call(bad, app: app)
        #expect(problem?.line == 19)
        #expect(problem?.message == "app:go: no scene \"setings\"; did you mean \"settings\"?")
    }

    @Test func aFunctionMayReturnAnAction() throws {
        let lua = TestFolders.good.replacingOccurrences(
            of: "on_tap = go(\"detail\")",
            with: "on_tap = function(app) app:back(); return present(\"settings\", \"cover_left\") end")
        let loaded = try PrototypeLoader.load(directory: TestFolders.prototype(lua))
        guard case .script(let ref)? = loaded.prototype.scenes["home"]?.elements[0].onTap else {
            Issue.record("expected a Lua-function action")
            return
        }
        let app = RecordingApp()
        #expect(loaded.call(ref, app: app) == nil)
        #expect(app.actions == [.back, .present(scene: "settings", transition: Transition(kind: .coverLeft))])
    }
}

/// Records the actions a Lua function performs.
final class RecordingApp: AppActions {
    var actions: [Action] = []
    var currentScene = "home"
    func perform(_ action: Action, source: String) { actions.append(action) }
}
