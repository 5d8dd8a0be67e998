internal import CLua
internal import CLuaShim
import Foundation
import SceneflowCore

/// Copying Lua values into Swift (`LuaValue` snapshots) with raw access.
extension LuaStack {
    /// Copies the value at `index` into Swift with raw access; functions are referenced in the
    /// registry; a table whose metatable is `registry[actionKey]` is marked as an action.
    func snapshot(_ index: Int32, actionRef: Int32) -> LuaValue {
        stopCollector()
        defer { restartCollector() }
        var path: Set<UnsafeRawPointer> = []
        return snapshotValue(lua_absindex(luaState, index), actionRef: actionRef, path: &path, depth: 0)
    }

    /// Where the Lua function at `index` is written: its chunk name (`"@prototype.lua"`) and
    /// first to last line, from `lua_getinfo`; nils for a C function or when unknown.
    private func definition(ofFunctionAt index: Int32) -> (chunk: String?, lines: ClosedRange<Int>?) {
        guard ensure(2) else { return (nil, nil) }
        var info = lua_Debug()
        lua_pushvalue(luaState, index)
        guard lua_getinfo(luaState, ">S", &info) != 0, info.linedefined > 0, info.lastlinedefined >= info.linedefined,
            let source = info.source
        else { return (nil, nil) }
        return (String(cString: source), Int(info.linedefined)...Int(info.lastlinedefined))
    }

    private func snapshotValue(
        _ index: Int32, actionRef: Int32, path: inout Set<UnsafeRawPointer>, depth: Int
    ) -> LuaValue {
        switch lua_type(luaState, index) {
        case LUA_TNIL, LUA_TNONE: return .none
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(luaState, index) != 0)
        case LUA_TNUMBER: return .number(number(index) ?? 0)
        case LUA_TSTRING:
            // Replacing bad bytes would make a label no script can match: refuse it instead.
            guard isValidUTF8(index) else { return .other("string that is not valid UTF-8") }
            return .string(string(index) ?? "")
        case LUA_TFUNCTION:
            let (chunk, lines) = definition(ofFunctionAt: index)
            lua_pushvalue(luaState, index)
            return .function(ScriptFunctionRef(id: ref(), chunk: chunk, lines: lines))
        case LUA_TTABLE: break
        default: return .other(typeName(index))
        }
        guard let identity = lua_topointer(luaState, index), depth < 24, ensure(8) else {
            return .other("table nested too deeply")
        }
        guard path.insert(identity).inserted else { return .other("table that contains itself") }
        defer { path.remove(identity) }
        var isAction = false
        if lua_getmetatable(luaState, index) != 0 {
            pushRef(actionRef)
            isAction = lua_rawequal(luaState, -1, -2) != 0
            pop(2)
        }
        // Keys first, values in sorted key order: functions get their registry references in
        // the same order on every load (Lua's traversal order depends on a per-state hash
        // seed), so a script and prototype loaded again for the next test give equal values.
        var integerKeys: [Int] = []
        var nameKeys: [String] = []
        var others: [(key: LuaKey, value: LuaValue)] = []
        lua_pushnil(luaState)
        while lua_next(luaState, index) != 0 {
            if lua_isinteger(luaState, -2) != 0 {
                integerKeys.append(Int(lua_tointegerx(luaState, -2, nil)))
            } else if lua_type(luaState, -2) == LUA_TSTRING, isValidUTF8(-2), let name = string(-2) {
                nameKeys.append(name)
            } else {
                let value = snapshotValue(
                    lua_absindex(luaState, -1), actionRef: actionRef, path: &path, depth: depth + 1)
                others.append((string(-2).map(LuaKey.name) ?? .other(typeName(-2)), value))
            }
            pop()
        }
        integerKeys.sort()
        nameKeys.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var entries: [(key: LuaKey, value: LuaValue)] = []
        for key in integerKeys {
            lua_rawgeti(luaState, index, lua_Integer(key))
            entries.append(
                (
                    .index(key),
                    snapshotValue(lua_absindex(luaState, -1), actionRef: actionRef, path: &path, depth: depth + 1)
                ))
            pop()
        }
        for key in nameKeys {
            push(key)
            lua_rawget(luaState, index)
            entries.append(
                (
                    .name(key),
                    snapshotValue(lua_absindex(luaState, -1), actionRef: actionRef, path: &path, depth: depth + 1)
                ))
            pop()
        }
        entries += others
        return .table(LuaTable(entries: entries, isAction: isAction))
    }
}
