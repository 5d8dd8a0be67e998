import Foundation

/// One case of the bad-input corpus that needs a shell: a redirection (`2>&-`, `>/dev/full`),
/// a pipe (`| head -1`), a FIFO, a symbolic link, a file-size limit or a file name no
/// `case.txt` command line can spell (spaces, newlines, non-UTF-8 bytes). A folder
/// `Tests/BadInput/<folder>/` holds the files the cases use and `cases.txt`:
///
/// ```
/// # what the cases are about (comment lines start with #)
/// === one-character junit name          (a case: its name, unique in the file)
/// run: sceneflow test ok.lua --junit y  (one bash command line, run in a fresh copy of the folder)
/// timeout: 20                           (optional: the hard time limit in seconds, default 30)
/// exit: 0                               (the exit status of the bash command line)
/// --- stdout                            (the exact standard output, after normalising)
/// ...
/// --- stderr                            (the exact standard error, after normalising)
/// ...
/// ```
///
/// `sceneflow` on the command line is the built binary (its folder leads `PATH`), the copy's
/// absolute path is written `$CASE` in the expected output, real test times `TIME`, and the
/// command runs without `DISPLAY` and `CI`, with `SDL_VIDEODRIVER=dummy`, standard input from
/// `/dev/null`, killed (with every process it started) when the time limit passes.
struct ShellCase: CustomStringConvertible, Sendable {
    /// The folder under `Tests/BadInput`.
    let folder: String
    /// The case's name after `===`.
    let name: String
    /// The bash command line.
    let run: String
    /// The hard time limit, seconds.
    let timeout: Double
    /// The expected exit status.
    let exitCode: Int32
    /// The expected standard output and error (nil: not given).
    let stdout: String?
    let stderr: String?

    var description: String { "\(folder)/\(name)" }

    /// The default hard time limit of a case, seconds.
    static let defaultTimeout = 30.0

    /// Every case of every `cases.txt` under `Tests/BadInput`, by folder then in file order.
    static var all: [ShellCase] {
        let root = BadInputCase.root
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.sorted().flatMap { folder -> [ShellCase] in
            let file = root.appendingPathComponent(folder).appendingPathComponent("cases.txt")
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
            return parse(text, folder: folder)
        }
    }

    /// The cases of one `cases.txt`.
    static func parse(_ text: String, folder: String) -> [ShellCase] {
        var cases: [ShellCase] = []
        var name: String?
        var fields: [String: String] = [:]
        var sections: [String: [String]] = [:]
        var section: String?
        func flush() {
            guard let name else { return }
            func text(_ key: String) -> String? {
                guard var lines = sections[key] else { return nil }
                while lines.last == "" { lines.removeLast() }
                return lines.map { $0 + "\n" }.joined()
            }
            cases.append(
                ShellCase(
                    folder: folder, name: name, run: fields["run"] ?? "",
                    timeout: fields["timeout"].flatMap(Double.init) ?? defaultTimeout,
                    exitCode: fields["exit"].flatMap { Int32($0) } ?? -1, stdout: text("stdout"),
                    stderr: text("stderr")))
        }
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("=== ") {
                flush()
                name = String(line.dropFirst(4))
                fields = [:]
                sections = [:]
                section = nil
            } else if line.hasPrefix("--- "), name != nil {
                section = String(line.dropFirst(4))
                sections[section!] = []
            } else if let current = section {
                sections[current]!.append(line)
            } else if name != nil, let colon = line.firstIndex(of: ":"), !line.hasPrefix("#") {
                let key = String(line[..<colon])
                fields[key] = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            }
        }
        flush()
        return cases
    }

    /// The result of running a case.
    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
        let seconds: Double
        let timedOut: Bool
    }

    /// Runs the case in a fresh copy of its folder; the output comes back normalised.
    func execute() throws -> Outcome {
        let binary = try requireBinary()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sceneflow-shell-\(UUID().uuidString)")
        let copy = scratch.appendingPathComponent("case")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer {
            // A case may leave read-only folders or a FIFO behind: make everything removable.
            _ = Self.shell("chmod -R u+rwx \(scratch.path) 2>/dev/null", in: nil)
            try? FileManager.default.removeItem(at: scratch)
        }
        // `cp -a` keeps symbolic links as links.
        let source = BadInputCase.root.appendingPathComponent(folder).path
        let copied = Self.shell("cp -a '\(source)' '\(copy.path)' && rm -f '\(copy.path)/cases.txt'", in: nil)
        guard copied == 0 else { throw CaseError(message: "could not copy \(source)") }
        let out = scratch.appendingPathComponent("stdout")
        let err = scratch.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        env["CI"] = nil
        env["SDL_VIDEODRIVER"] = "dummy"
        env["SDL_AUDIODRIVER"] = "dummy"
        env["SCENEFLOW"] = binary.path
        env["PATH"] = binary.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["LC_ALL"] = "C.UTF-8"
        // The --last-failed state of the case's runs stays in its scratch folder.
        env["XDG_CACHE_HOME"] = scratch.appendingPathComponent("cache").path
        let process = Process()
        // timeout(1) puts the command in its own process group and kills the whole group.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["-s", "KILL", String(timeout), "/bin/bash", "-c", run]
        process.environment = env
        process.currentDirectoryURL = copy
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        let start = Date()
        try process.run()
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(start)
        let real = copy.resolvingSymlinksInPath().path
        func normalise(_ data: Data?) -> String {
            var text = String(decoding: data ?? Data(), as: UTF8.self)
            for path in Set([real, copy.path]).sorted(by: { $0.count > $1.count }) {
                text = text.replacingOccurrences(of: path, with: "$CASE")
            }
            return text.replacingOccurrences(
                of: #"\([0-9]+(\.[0-9]+)? (ms|s|µs), "#, with: "(TIME, ", options: .regularExpression
            )
            // The console's [n/N] counters: N+ depends on when workers load the next file.
            .replacingOccurrences(of: #"(?m)  \[[0-9]+/[0-9]+\+?\]$"#, with: "", options: [.regularExpression])
        }
        let status = process.terminationStatus
        return Outcome(
            status: status, stdout: normalise(try? Data(contentsOf: out)),
            stderr: normalise(try? Data(contentsOf: err)),
            seconds: seconds, timedOut: status == 137 && seconds >= timeout)
    }

    /// `cases.txt` text for this case with the observed outcome (record mode).
    func manifest(_ outcome: Outcome, comments: [String]) -> String {
        var text = "=== \(name)\n" + comments.map { $0 + "\n" }.joined() + "run: \(run)\n"
        if timeout != Self.defaultTimeout { text += "timeout: \(formatted(timeout))\n" }
        text += "exit: \(outcome.status)\n"
        if !outcome.stdout.isEmpty {
            text += "--- stdout\n" + outcome.stdout + (outcome.stdout.hasSuffix("\n") ? "" : "\n")
        }
        text += "--- stderr\n" + outcome.stderr + (outcome.stderr.hasSuffix("\n") || outcome.stderr.isEmpty ? "" : "\n")
        return text
    }

    private func formatted(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// Runs a short helper command line with bash; returns its exit status.
    @discardableResult
    static func shell(_ command: String, in directory: URL?) -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", command]
        if let directory { p.currentDirectoryURL = directory }
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return -1 }
        p.waitUntilExit()
        return p.terminationStatus
    }

    struct CaseError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}

/// The built binary, or an error saying how to build it.
private func requireBinary() throws -> URL {
    guard let binary = Sceneflow.binary else {
        throw ShellCase.CaseError(message: "the sceneflow binary was not found; run `swift build` first")
    }
    return binary
}

extension ShellCase {
    /// Rewrites `Tests/BadInput/<folder>/cases.txt` from observed outcomes, keeping each case's
    /// comment lines and the file's leading comment (record mode, `SCENEFLOW_RECORD_BAD_INPUT=1`).
    static func record(folder: String, outcomes: [(ShellCase, Outcome)]) throws {
        let file = BadInputCase.root.appendingPathComponent(folder).appendingPathComponent("cases.txt")
        let old = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        var header: [String] = []
        var comments: [String: [String]] = [:]
        var current: String?
        for line in old.components(separatedBy: "\n") {
            if line.hasPrefix("=== ") {
                current = String(line.dropFirst(4))
            } else if line.hasPrefix("#") {
                if let current { comments[current, default: []].append(line) } else { header.append(line) }
            } else if line.hasPrefix("--- ") {
                current = current.map { $0 + "\u{0}done" }  // comments after the sections belong to no case
            }
        }
        var text = header.map { $0 + "\n" }.joined()
        for (c, outcome) in outcomes { text += c.manifest(outcome, comments: comments[c.name] ?? []) }
        try text.write(to: file, atomically: true, encoding: .utf8)
    }
}
