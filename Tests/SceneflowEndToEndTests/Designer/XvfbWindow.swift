import Foundation
import Testing

/// A private X server (Xvfb) for window tests, with xdotool for input and ImageMagick for
/// captures. `start()` returns nil and prints why when a tool is missing, so tests skip.
final class XvfbDisplay {
    let number: Int
    private let process: Process

    private init(number: Int, process: Process) {
        self.number = number
        self.process = process
    }

    deinit {
        // SIGKILL: the child inherits the test process's signal mask, where SIGTERM may be blocked.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The tools window tests need, by name → path.
    static func tools() -> [String: String]? {
        var found: [String: String] = [:]
        for tool in ["Xvfb", "xdotool", "import", "convert"] {
            guard let path = DesignerCommandTests.which(tool) else {
                print("skipped: \(tool) is not installed (Scripts/setup.sh installs xvfb, xdotool and imagemagick)")
                return nil
            }
            found[tool] = path
        }
        return found
    }

    /// Starts Xvfb on a free display number (1280x1024x24) and waits for its socket.
    static func start() -> XvfbDisplay? {
        guard let tools = tools() else { return nil }
        for attempt in 0..<20 {
            let n = 300 + Int(getpid() % 200) + attempt * 7
            // In use; a stale lock (its process gone) is fine: Xvfb replaces it.
            if let owner = lockOwner(n), kill(owner, 0) == 0 || errno != ESRCH { continue }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: tools["Xvfb"]!)
            p.arguments = [":\(n)", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            guard (try? p.run()) != nil else { continue }
            let ready = {
                lockOwner(n) == p.processIdentifier && FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)")
            }
            if poll(timeout: 10, { ready() || !p.isRunning }),
                p.isRunning
            {
                // The socket can exist a moment before the server answers: wait until a client connects.
                let display = XvfbDisplay(number: n, process: p)
                if poll(timeout: 10, { !display.run("xdotool", ["getdisplaygeometry"], timeout: 5).isEmpty }) {
                    return display
                }
                continue  // dropping `display` kills this Xvfb
            }
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
        }
        print("skipped: Xvfb did not start")
        return nil
    }

    /// The process id written in display `n`'s lock file, if there is one.
    static func lockOwner(_ n: Int) -> pid_t? {
        guard let text = try? String(contentsOfFile: "/tmp/.X\(n)-lock", encoding: .utf8) else { return nil }
        return pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Runs `tool arguments` on this display; returns its standard output (trimmed). A tool
    /// that has not finished after `timeout` seconds is killed (ImageMagick's `import` can
    /// hang on a window that is being resized) and gives "".
    @discardableResult
    func run(_ tool: String, _ arguments: [String], timeout: Double = 30) -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: DesignerCommandTests.which(tool) ?? "/usr/bin/\(tool)")
        p.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = ":\(number)"
        p.environment = env
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-tool-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: out) }
        guard let handle = try? FileHandle(forWritingTo: out) else { return "" }
        p.standardOutput = handle
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return "" }
        if !poll(timeout: timeout, { !p.isRunning }) {
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            return ""
        }
        p.waitUntilExit()
        try? handle.close()
        let text = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Polls `condition` every 50 ms until it holds or `timeout` seconds pass (a wait, not a
/// speed measurement).
@discardableResult
func poll(timeout: Double, _ condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(timeout)
    while Date() < end {
        if condition() { return true }
        usleep(50_000)
    }
    return condition()
}

/// `sceneflow play` (or `record`) running in a window on an `XvfbDisplay`.
final class PlayingWindow {
    let display: XvfbDisplay
    let id: String
    private let process: Process
    private let output: URL

    /// Starts `sceneflow arguments…` and waits for a window whose title contains `title`.
    /// `ignoringSIGINT` starts it with SIGINT ignored, as a shell starts a background job.
    init(_ display: XvfbDisplay, _ arguments: [String], title: String, ignoringSIGINT: Bool = false) throws {
        self.display = display
        let binary = try #require(Sceneflow.binary, "the sceneflow binary was not built")
        output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sceneflow-window-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        process = Process()
        if ignoringSIGINT {  // `sh` execs sceneflow: the same process, SIGINT still ignored
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "trap '' INT; exec \"$0\" \"$@\"", binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = ":\(display.number)"
        env["SDL_VIDEODRIVER"] = "x11"
        env["SDL_AUDIODRIVER"] = "dummy"
        process.environment = env
        process.currentDirectoryURL = Sceneflow.packageRoot
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        var found = ""
        let child = process
        poll(timeout: 30) {
            found =
                display.run("xdotool", ["search", "--name", title]).split(separator: "\n").first.map(String.init) ?? ""
            return !found.isEmpty || !child.isRunning
        }
        id = found
        try #require(
            !id.isEmpty,
            "no window titled \(title) appeared: \(String(describing: try? String(contentsOf: output, encoding: .utf8)))"
        )
        poll(timeout: 20) { self.geometry.width > 1 }
        // Wait for the first frame: the window is black until the start scene is drawn.
        let probe = output.deletingPathExtension().appendingPathExtension("png").path
        poll(timeout: 15) {
            self.capture(probe)
            let size = self.geometry
            return PlayingWindow.pixel(probe, size.width / 2, size.height / 2) != (0, 0, 0)
        }
        try? FileManager.default.removeItem(atPath: probe)
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: output)
    }

    /// The process id of `sceneflow` itself.
    var pid: Int32 { process.processIdentifier }

    /// Everything the player printed so far.
    var log: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }
    /// The window title.
    var title: String { display.run("xdotool", ["getwindowname", id]) }
    /// The window size in pixels.
    var geometry: (width: Int, height: Int) {
        let text = display.run("xdotool", ["getwindowgeometry", "--shell", id])
        var w = 0
        var h = 0
        for line in text.split(separator: "\n") {
            if line.hasPrefix("WIDTH=") { w = Int(line.dropFirst(6)) ?? 0 }
            if line.hasPrefix("HEIGHT=") { h = Int(line.dropFirst(7)) ?? 0 }
        }
        return (w, h)
    }

    /// The window's position and size on the screen, pixels.
    var frameOnScreen: (x: Int, y: Int, width: Int, height: Int, maxX: Int, maxY: Int) {
        let text = display.run("xdotool", ["getwindowgeometry", "--shell", id])
        var values: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
        }
        let x = values["X"] ?? -1
        let y = values["Y"] ?? -1
        let w = values["WIDTH"] ?? 0
        let h = values["HEIGHT"] ?? 0
        return (x, y, w, h, x + w, y + h)
    }

    /// Clicks at (`x`, `y`) window pixels.
    func click(_ x: Int, _ y: Int) {
        display.run("xdotool", ["mousemove", "--window", id, "\(x)", "\(y)", "click", "1"])
    }

    /// Clicks at (`x`, `y`) until `condition` holds: up to `tries` clicks, each given
    /// `timeout` seconds. On a loaded machine an X event can be lost; use this only where a
    /// second click cannot change what the test checks (it lands on nothing once it worked).
    @discardableResult
    func click(_ x: Int, _ y: Int, until condition: () -> Bool, tries: Int = 3, timeout: Double = 10) -> Bool {
        for _ in 0..<tries {
            click(x, y)
            if poll(timeout: timeout, condition) { return true }
        }
        return false
    }

    /// The window size in pixels once the window manager reports one (up to 20 s): `geometry`
    /// gives (0, 0) when `xdotool` did not answer in time.
    var settledGeometry: (width: Int, height: Int) {
        var size = geometry
        poll(timeout: 20) {
            size = geometry
            return size.width > 1 && size.height > 1
        }
        return size
    }

    /// Presses a key by X keysym name (`h`, `1`, `question`, `Escape`).
    func key(_ name: String) { display.run("xdotool", ["key", "--window", id, name]) }

    /// Drags from one window point to another over a few steps.
    func drag(from: (Int, Int), to: (Int, Int), steps: Int = 8) {
        display.run("xdotool", ["mousemove", "--window", id, "\(from.0)", "\(from.1)", "mousedown", "1"])
        for i in 1...steps {
            let x = from.0 + (to.0 - from.0) * i / steps
            let y = from.1 + (to.1 - from.1) * i / steps
            display.run("xdotool", ["mousemove", "--window", id, "\(x)", "\(y)"])
        }
        display.run("xdotool", ["mouseup", "1"])
    }

    /// Captures the window as a PNG at `path`. ImageMagick's `import` can hang on a loaded
    /// machine; a try that writes no file within 10 s is killed and tried again (3 tries).
    func capture(_ path: String) {
        for _ in 0..<3 {
            try? FileManager.default.removeItem(atPath: path)
            display.run("import", ["-window", id, path], timeout: 10)
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            if size > 0 { return }
        }
    }

    /// The colour at (`x`, `y`) of a captured PNG, as 0…255 integers.
    static func pixel(_ path: String, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: DesignerCommandTests.which("convert") ?? "/usr/bin/convert")
        p.arguments = [
            path, "-format",
            "%[fx:int(255*p{\(x),\(y)}.r)],%[fx:int(255*p{\(x),\(y)}.g)],%[fx:int(255*p{\(x),\(y)}.b)]", "info:",
        ]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        try? p.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let parts = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 }
        return parts.count == 3 ? (parts[0], parts[1], parts[2]) : (-1, -1, -1)
    }

    /// Asks the player to quit with Q and waits for it to exit; returns its output.
    @discardableResult
    func quit() -> String {
        key("q")
        poll(timeout: 10) { !self.process.isRunning }
        return log
    }

    /// Sends `signal` (SIGINT, SIGTERM) and waits up to 10 s for the process to exit.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
        poll(timeout: 10) { !self.process.isRunning }
    }

    /// The exit status once it has exited.
    var status: Int32? { process.isRunning ? nil : process.terminationStatus }
}
