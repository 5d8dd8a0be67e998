import Foundation
import SceneflowCore

/// `require` beside the script: reading a module's text, and placing a message that names a
/// loaded module in that module's file.
extension ScriptModule {
    /// `read_module(name)` → the text of `<script folder>/<name with dots as slashes>.lua` and
    /// its path, or nil and why not. Only files inside the script's folder (after resolving
    /// symbolic links) can be read.
    func readModule(_ stack: LuaStack) -> LuaCallbackResult {
        let name = stack.string(1) ?? ""
        let valid =
            !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }
        guard valid, !name.hasPrefix("."), !name.contains("..") else {
            stack.pushNil()
            stack.push("module names are letters, digits, _ and dots (a dot is a folder separator), got \"\(name)\"")
            return .values(2)
        }
        let relative = name.replacingOccurrences(of: ".", with: "/") + ".lua"
        let folder = scriptFolder.isEmpty ? "." : scriptFolder
        let path = (folder as NSString).appendingPathComponent(relative)
        let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().standardizedFileURL.path
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        if resolved.hasPrefix(root + "/"), let kind = RegularFile.kind(atPath: resolved) {
            stack.pushNil()
            stack.push("module \"\(name)\": \(path) is \(kind), not a Lua file")
            return .values(2)
        }
        var data: Data?
        if resolved.hasPrefix(root + "/") {
            do { data = try LuaSourceFile.read(resolved) } catch {
                if let message = LuaSourceFile.sizeMessage(error, path: path, shown: relative) {
                    stack.pushNil()
                    stack.push("module \"\(name)\": \(message)")
                    return .values(2)
                }
            }
        }
        guard let data else {
            let exists = FileManager.default.fileExists(atPath: path)
            if !exists { missingModules?.insert(path) }
            stack.pushNil()
            stack.push(
                exists
                    ? "\(path) leads outside the script's folder; require loads only modules beside the script"
                    : "no module \"\(name)\": \(path) does not exist (require loads only modules beside the script)")
            return .values(2)
        }
        // Lua's own load() runs the module: read it as `lua` reads a file (byte-order mark, `#!` line).
        stack.push(LuaChunkText.asFileChunk(String(decoding: data, as: UTF8.self)))
        stack.push(relative)
        modulePaths.insert(relative)
        return .values(2)
    }

    /// `diagnostic` moved to the required module its message starts with
    /// (`lib/login.lua:4: message` → the file `<script folder>/lib/login.lua`, line 4,
    /// `message`); unchanged when it names no loaded module.
    func placeInModule(_ diagnostic: Diagnostic) -> Diagnostic {
        for path in modulePaths where diagnostic.message.hasPrefix(path + ":") {
            let rest = diagnostic.message.dropFirst(path.count + 1)
            let digits = rest.prefix { $0.isNumber }
            guard let line = Int(digits), rest.dropFirst(digits.count).hasPrefix(": ") else { continue }
            let file = scriptFolder.isEmpty ? path : (scriptFolder as NSString).appendingPathComponent(path)
            return Diagnostic(file: file, line: line, message: String(rest.dropFirst(digits.count + 2)))
        }
        return diagnostic
    }

    /// `diagnostic` with the traceback lines under its message (`    at lib/login.lua:4 (in
    /// sign_in)`, `    at walk.lua:7`) naming files as the rest of the report does: from the
    /// working directory (`Scripts/lib/login.lua:4`), not from the script's folder. Lines that
    /// name no loaded module and not the script are kept.
    func withTraceFromWorkingDirectory(_ diagnostic: Diagnostic) -> Diagnostic {
        guard !scriptFolder.isEmpty, diagnostic.message.contains("\n    at ") else { return diagnostic }
        var result = diagnostic
        result.message = diagnostic.message.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard line.hasPrefix("    at ") else { return String(line) }
            let place = line.dropFirst(7)
            if !scriptLabel.isEmpty, place.hasPrefix(scriptLabel + ":") {
                return "    at " + scriptPath + place.dropFirst(scriptLabel.count)
            }
            for path in modulePaths where place.hasPrefix(path + ":") {
                return "    at " + (scriptFolder as NSString).appendingPathComponent(path) + place.dropFirst(path.count)
            }
            return String(line)
        }.joined(separator: "\n")
        return result
    }
}
