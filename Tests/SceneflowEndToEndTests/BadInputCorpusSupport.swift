import Foundation

/// One case of the bad-input corpus: a folder under `Tests/BadInput/` holding broken
/// prototypes, images or scripts and a manifest `case.txt`:
///
/// ```
/// # what is wrong (comment lines start with #)
/// command: check proto          (arguments of `sceneflow`, split on spaces; run in the case folder)
/// exit: 65
/// --- stdout                    (optional: the exact standard output, after normalising)
/// ...
/// --- stderr                    (optional: the exact standard error, after normalising)
/// ...
/// ```
///
/// Normalising replaces the case folder's absolute path with `$CASE` and real test times
/// (`(12.3 ms, ` / `(2 s, `) with `(TIME, `, so messages compare exactly everywhere.
struct BadInputCase: CustomStringConvertible, Sendable {
    let name: String
    let folder: URL
    let arguments: [String]
    let exitCode: Int32
    let stdout: String?
    let stderr: String?
    /// The hard time limit of the run in seconds (`timeout: N` in the manifest, default 120):
    /// a case that hangs is killed and fails.
    let timeout: Double
    /// The manifest names its time limit (a `timeout:` line), even the default: a recording
    /// keeps the line.
    let namesTimeout: Bool

    var description: String { name }

    /// The corpus folder.
    static let root = Sceneflow.packageRoot.appendingPathComponent("Tests/BadInput")

    /// Every case folder, in name order.
    static var all: [BadInputCase] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.sorted().compactMap { name in
            let folder = root.appendingPathComponent(name)
            guard let text = try? String(contentsOf: folder.appendingPathComponent("case.txt"), encoding: .utf8)
            else { return nil }
            return BadInputCase(name: name, folder: folder, manifest: text)
        }
    }

    init(name: String, folder: URL, manifest: String) {
        self.name = name
        self.folder = folder
        var arguments: [String] = []
        var exitCode: Int32 = -1
        var timeout = 120.0
        var namesTimeout = false
        var sections: [String: [String]] = [:]
        var current: String?
        for line in manifest.components(separatedBy: "\n") {
            if line.hasPrefix("--- ") {
                current = String(line.dropFirst(4))
                sections[current!] = []
            } else if let current {
                sections[current]!.append(line)
            } else if line.hasPrefix("command: ") {
                arguments = line.dropFirst(9).split(separator: " ").map(String.init)
            } else if line.hasPrefix("exit: ") {
                exitCode = Int32(line.dropFirst(6)) ?? -1
            } else if line.hasPrefix("timeout: ") {
                timeout = Double(line.dropFirst(9)) ?? timeout
                namesTimeout = true
            }
        }
        func text(_ key: String) -> String? {
            guard var lines = sections[key] else { return nil }
            while lines.last == "" { lines.removeLast() }
            return lines.map { $0 + "\n" }.joined()
        }
        self.arguments = arguments
        self.exitCode = exitCode
        self.timeout = timeout
        self.namesTimeout = namesTimeout
        self.stdout = text("stdout")
        self.stderr = text("stderr")
    }

    /// `output` with this case's folder written `$CASE` and real times written `TIME`.
    func normalise(_ output: String) -> String {
        var text = output
        let real = folder.resolvingSymlinksInPath().path
        for path in Set([real, folder.path]).sorted(by: { $0.count > $1.count }) {
            text = text.replacingOccurrences(of: path, with: "$CASE")
        }
        return text.replacingOccurrences(
            of: #"\([0-9]+(\.[0-9]+)? (ms|s|µs), "#, with: "(TIME, ", options: .regularExpression
        )
        // The console's [n/N] counters: N+ depends on when workers load the next file.
        .replacingOccurrences(of: #"(?m)  \[[0-9]+/[0-9]+\+?\]$"#, with: "", options: [.regularExpression])
    }

    /// The manifest text for an observed run (used by `Scripts/record-bad-input.sh`).
    func manifest(comment: String, stdout: String, stderr: String, status: Int32) -> String {
        var text = comment + "command: \(arguments.joined(separator: " "))\n"
        if timeout != 120 || namesTimeout { text += "timeout: \(formatSeconds(timeout))\n" }
        text += "exit: \(status)\n"
        if !stdout.isEmpty { text += "--- stdout\n" + normalise(stdout) }
        text += "--- stderr\n" + normalise(stderr)
        return text
    }
}

/// `30` for 30.0, `1.5` for 1.5.
private func formatSeconds(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
}
