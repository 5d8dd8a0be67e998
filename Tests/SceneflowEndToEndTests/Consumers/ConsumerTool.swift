import Foundation
import Testing

/// The third-party programs that read Sceneflow's reports in CI, run as child processes:
/// Perl's `prove` and its `TAP::Parser` (Debian `perl`), tappy (PyPI `tap.py` with PyYAML),
/// junitparser (PyPI) and `xmllint` (Debian `libxml2-utils`). `Scripts/setup.sh` installs
/// them; a missing one is a failed test (with the install hint), never a silent skip.
enum ConsumerTool {
    /// What a consumer printed and its exit status.
    struct Output: CustomStringConvertible {
        /// The exit status.
        let status: Int32
        /// Standard output.
        let stdout: String
        /// Standard error.
        let stderr: String
        var description: String { "exit \(status)\n--- stdout ---\n\(stdout)--- stderr ---\n\(stderr)" }

        /// Each non-empty line of standard output read as a JSON object.
        func jsonLines() throws -> [[String: Any]] {
            try stdout.split(separator: "\n").map { line in
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
                return try #require(object as? [String: Any], "not a JSON object: \(line)")
            }
        }
    }

    /// The folder of the reader scripts (`Tests/Fixtures/consumers`).
    static let fixtures = Sceneflow.packageRoot.appendingPathComponent("Tests/Fixtures/consumers")

    /// The real Jenkins xUnit plugin schema, `Tests/Fixtures/junit-10.xsd`.
    static let jenkinsSchema = Sceneflow.packageRoot.appendingPathComponent("Tests/Fixtures/junit-10.xsd")

    /// The full path of `name` on `PATH` (or in /usr/bin), or nil.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin"]
        for folder in folders {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `program arguments…` in `directory` and waits for it (at most `timeout` seconds).
    /// Records an issue naming `Scripts/setup.sh` when the program is not installed.
    static func run(
        _ program: String, _ arguments: [String], in directory: String? = nil, timeout: Double = 120,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Output {
        let executable = try #require(
            program.hasPrefix("/") ? program : which(program),
            "\(program) is not installed: run `bash Scripts/setup.sh`", sourceLocation: sourceLocation)
        // The same child-process runner as the sceneflow binary's (timeout, SIGKILL, output
        // captured through files), with Python told to speak UTF-8.
        let result = try Sceneflow.run(
            arguments, in: directory.map { URL(fileURLWithPath: $0) },
            environment: ["PYTHONIOENCODING": "utf-8", "PYTHONUTF8": "1"], timeout: timeout,
            executable: URL(fileURLWithPath: executable), sourceLocation: sourceLocation)
        return Output(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// `python3 Tests/Fixtures/consumers/<script> arguments…`.
    static func python(_ script: String, _ arguments: [String], in directory: String? = nil) throws -> Output {
        try run("python3", [fixtures.appendingPathComponent(script).path] + arguments, in: directory)
    }

    /// `xmllint --noout --schema schema file`: nil when valid, else xmllint's complaint.
    static func schemaProblems(_ file: String, schema: URL = jenkinsSchema) throws -> String? {
        let output = try run("xmllint", ["--noout", "--schema", schema.path, file])
        return output.status == 0 ? nil : output.stderr
    }
}
