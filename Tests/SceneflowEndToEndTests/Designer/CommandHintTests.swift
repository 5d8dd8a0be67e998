import Foundation
import Testing

/// What `sceneflow new` prints: counts in the singular for one, and a `next:` hint that a shell
/// can run as printed even when the folder has spaces and quotes in its name.
@Suite struct CommandHintTests {
    @Test func newPrintsOneSceneAndAHintTheShellRunsAsPrinted() throws {
        let tmp = try TempFolder()
        try tmp.image("src/only.png", width: 1080, height: 2400)
        let dir = tmp.file("Bob's App")
        let r = try Sceneflow.run(["new", dir, tmp.file("src/only.png")])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains(": 1 scene, 360x800 pt"), "\(r)")
        let hint = try #require(r.outputLines.first { $0.hasPrefix("next: ") }, "\(r)")
        #expect(hint.contains("sceneflow play '\(tmp.path)/Bob'\\''s App'"), "\(hint)")
        // Run the printed `sceneflow test …` half through /bin/sh with the built binary.
        let testHint = try #require(hint.components(separatedBy: "|").last?.trimmingCharacters(in: .whitespaces))
        let binary = try #require(Sceneflow.binary?.path)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "exec \"$0\" " + testHint.dropFirst("sceneflow ".count), binary]
        let pipe = Pipe()
        shell.standardOutput = pipe
        shell.standardError = pipe
        try shell.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0, "\(testHint)\n\(output)")
        #expect(output.hasSuffix("1 passed, 0 failed\n"), "\(output)")
        let check = try Sceneflow.run(["check", dir])
        #expect(check.stdout.contains("1 scene, 0 elements, 0 warnings"), "\(check)")
        let inspect = try Sceneflow.run(["inspect", dir])
        #expect(inspect.outputLines.first?.hasSuffix("start \"only\"  1 scene") == true, "\(inspect)")
    }
}
