internal import CProcessShim
import Foundation
import SceneflowCore
import SceneflowSDL

/// Writes the flow map (`FlowGraph`) as DOT, SVG or PNG. Thumbnails are the scenes' screens
/// rendered offscreen 180 px wide (so framed screenshots show only their screen) into a
/// folder beside the output; SVG and PNG come from Graphviz's `dot`, found on `PATH`.
public enum FlowGraphRenderer {
    /// Output formats.
    public enum Format: String, CaseIterable, Sendable {
        /// Graphviz source text.
        case dot
        /// Scalable vector graphics, through `dot -Tsvg` (thumbnails are linked by path).
        case svg
        /// A bitmap, through `dot -Tpng` (thumbnails embedded).
        case png
    }

    /// Why rendering failed.
    public enum Failure: Error, CustomStringConvertible {
        /// `dot` is not on PATH; the DOT text was written to `dotFile` instead.
        case graphvizMissing(dotFile: String)
        /// `dot` ran and failed (exit status and its standard error).
        case graphvizFailed(status: Int32, message: String)
        /// A file could not be written, or a thumbnail not rendered.
        case io(String)
        /// `dot` was still laying out after `seconds` (`Layout.seconds`) and was ended; the DOT
        /// text is in `dotFile` (red-team finding R6: hundreds of labelled links took dot hours).
        case layoutTooLong(seconds: Double, dotFile: String)
        /// A stop signal came while `dot` ran (`Layout.shouldStop`); `dot` was ended with it.
        case stopped
        /// A file the command would write (the `.dot` beside the output, a thumbnail) is one of
        /// the prototype's own files, reached by its name or through a link: nothing of it was
        /// written (red-team 42 B F3: thumbnails and DOT text replaced screenshots).
        case replacesInput(String)
        /// A side output's name is taken by something it cannot be written as: the thumbnail
        /// folder is a file, or the `.dot` a folder (red-team 48 B K3: exit 70 and Foundation's
        /// error text, after some thumbnails were written). Nothing was written.
        case unusableSideOutput(String)

        /// One line for the user.
        public var description: String {
            switch self {
            case .graphvizMissing(let file):
                return
                    "Graphviz is not installed (no `dot` on PATH; on Debian: apt-get install graphviz), so no SVG/PNG was made; the DOT text is in \(file) — render it with `dot -Tsvg \(shellQuoted(file))` where Graphviz is available"
            case .graphvizFailed(let status, let message):
                let said = message.trimmingCharacters(in: .whitespacesAndNewlines)
                // `gvwrite_no_z problem N`: Graphviz's words for a write that failed.
                let hint = said.contains("gvwrite") ? " (Graphviz could not write its output: is the disk full?)" : ""
                return "dot failed (exit \(status)): \(said)\(hint)"
            case .io(let message):
                return message
            case .layoutTooLong(let seconds, let file):
                return
                    "Graphviz's dot did not finish laying out the flow map within \(formatNumber(seconds)) s and was stopped (a map of many scenes and labelled links can take dot hours); the DOT text is in \(file): draw it with more time (--layout-timeout SECONDS) or another tool"
            case .stopped:
                return "stopped by a signal while Graphviz's dot ran (dot was ended too)"
            case .replacesInput(let message), .unusableSideOutput(let message):
                return message
            }
        }
    }

    /// The `dot` executable on PATH, if any.
    public static func graphvizPath() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/dot"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Renders each scene's screen at rest as a PNG `width` px wide (at the device's aspect;
    /// an overlay scene at its overlay size's on the device presenting it; a landscape scene turned) into `folder`, and the
    /// landscape variant of each scene that has one as `<scene>-landscape.png`. Returns
    /// absolute paths by scene name (`landscape`: of the variants). Scenes whose image fails
    /// to render are left out.
    ///
    /// - Throws: `Failure.io` when the folder or a thumbnail cannot be written.
    public static func thumbnails(_ prototype: Prototype, into folder: String, width: Double = 180) throws(Failure)
        -> (scenes: [String: String], landscape: [String: String])
    {
        if let holder = prototypeFolder(holding: folder) {
            // Red-team 44 B H4: a thumbnail folder linked to another prototype's folder had its
            // screenshots replaced. Red-team 51 B O1: inside this prototype's own folder, they
            // were new images there (`check` then warned of unused images), while `render --out
            // P/x.png` is refused.
            let whose =
                holder == FolderContainment.resolved(prototype.directory)
                ? "the prototype \(prototype.directory), among the images its runs read"
                : "another prototype, \(holder), whose screenshots thumbnails could replace"
            throw .replacesInput(
                "the thumbnail folder \(folder) is \(holder == FolderContainment.resolved(folder) ? "the folder" : "inside the folder") of \(whose); an output never replaces a file the run reads: give --out another name or folder"
            )
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .io("cannot create \(folder): \(error.localizedDescription)")
        }
        var small = prototype
        small.device.scale = width / max(prototype.device.width, 1)
        var result: (scenes: [String: String], landscape: [String: String]) = ([:], [:])
        let absolute = URL(fileURLWithPath: folder).standardizedFileURL.path
        let inputs = PrototypeFiles(prototype)
        // Each screenshot decoded once for every thumbnail that shows it (red-team 42 B F2:
        // twelve scenes on one 33-megapixel PNG decoded it twelve times, 8.9 s).
        let loader = PictureLoader(handoff: PictureHandoff(reusable: true))
        func render(_ p: Prototype, _ request: StillRenderer.Request, _ name: String) throws(Failure) -> String? {
            let file = (absolute as NSString).appendingPathComponent(name)
            // Nor among baselines, through a link (red-team 47 B J3: it replaced home.png there).
            if let problem = ReportPath.keptFileProblem(file, inputs: inputs) {
                throw .replacesInput(
                    "the thumbnail \(file): \(problem); an output never replaces a file the run reads: give --out another name or folder"
                )
            }
            guard let image = try? StillRenderer.render(p, request, loader: loader) else { return nil }
            // A thumbnail that cannot be written fails the command: the map would show the
            // scene without its picture, and exit 0 (red-team 18 B-F3, a full disk).
            do {
                try StillRenderer.save(image, to: file)
            } catch {
                throw .io("could not write the thumbnail \(file): \(plainReason(error))")
            }
            return file
        }
        var used = Set<String>()
        for scene in prototype.orderedScenes {
            // File names a browser reads literally in a relative link (no `&`, `#`, `%`, spaces).
            var name = linkSafe(scene.name)
            while used.contains(name) { name += "_" }
            used.insert(name)
            var source = small
            if let style = scene.design.overlay {  // the overlay's own shape, `width` px wide
                // On the device it is presented on: turned when only landscape screens present
                // it, and then at the scale of the landscape thumbnails.
                let frame = style.frame(on: prototype.devices(presenting: scene.name).first ?? prototype.device)
                let turned = FlowGraph.showsTurned(scene, prototype)
                let scale = turned ? small.device.scale : width / max(frame.width, 1)
                source.device = Device(width: frame.width, height: frame.height, scale: scale)
            }
            result.scenes[scene.name] = try render(source, .init(scene: scene.name), "\(name).png")
            if scene.design.landscape != nil, scene.design.overlay == nil {
                result.landscape[scene.name] = try render(
                    small, .init(scene: scene.name, orientation: .landscape), "\(name)-landscape.png")
            }
        }
        return result
    }

    /// Throws `unusableSideOutput` when the thumbnail folder `thumbs` is there as something
    /// other than a folder, or the DOT file `dot` as a folder, before anything is written.
    static func checkSideOutputs(thumbs: String, dot: String) throws(Failure) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: thumbs, isDirectory: &isFolder), !isFolder.boolValue {
            throw .unusableSideOutput(
                "the thumbnail folder \(thumbs) is a file, not a folder; move it, or give --out another name")
        }
        if FileManager.default.fileExists(atPath: dot, isDirectory: &isFolder), isFolder.boolValue {
            throw .unusableSideOutput(
                "the Graphviz source \(dot) is a folder, not a file; move it, or give --out another name")
        }
    }

    /// Writes the flow map of `prototype` to `output` in `format`, or returns the DOT text
    /// when `output` is nil (format `.dot` only; thumbnails then point at the original
    /// screenshots). For a file, thumbnails go to `<output without extension>-thumbs/` beside it
    /// (characters a link would need escaped, such as `&`, `#`, `%` and spaces, become `_`), and are
    /// named relative to the output's folder, so an SVG keeps its thumbnails when that folder is
    /// moved or shared; the DOT's `imagepath` names the folder, so `dot` finds them from anywhere.
    ///
    /// - Throws: `Failure` (Graphviz missing for SVG/PNG, `dot` failing, unwritable files).
    @discardableResult
    public static func write(
        _ prototype: Prototype, format: Format, to output: String?, layout: Layout = Layout()
    ) throws(Failure) -> String {
        guard let output, output != "-", !OutputTarget.isStream(output) else {
            func original(_ image: String, _ screen: ScreenArea) -> String? {
                screen == .wholeImage ? (prototype.directory as NSString).appendingPathComponent(image) : nil
            }
            let text = FlowGraph.dot(
                prototype, thumbnail: { original($0.image, $0.screen) },
                landscapeThumbnail: { scene in scene.design.landscape.flatMap { original($0.image, $0.screen) } })
            // A device or pipe (`/dev/null`, `/dev/stdout`, a FIFO) is written as `-` is: no
            // `.dot` or thumbnail folder beside it (red-team 42 B F6: made in `/dev`).
            if let output { try writeToStream(text, format: format, layout: layout, to: output) }
            return text
        }
        let absoluteOutput = URL(fileURLWithPath: output).standardizedFileURL.path
        let folder = PathText.folder(of: absoluteOutput)
        let stem = PathText.deletingExtension(of: absoluteOutput)
        let thumbsName = linkSafe(PathText.lastComponent(of: stem)) + "-thumbs"
        let dotName = format == .dot ? output : PathText.deletingExtension(of: output) + ".dot"
        try checkSideOutputs(thumbs: PathText.join(folder, thumbsName), dot: dotName)
        let thumbs = try thumbnails(prototype, into: PathText.join(folder, thumbsName))
        func relative(_ path: String?) -> String? {
            path.map { $0.hasPrefix(folder + "/") ? String($0.dropFirst(folder.count + 1)) : $0 }
        }
        let text = FlowGraph.dot(
            prototype, thumbnail: { relative(thumbs.scenes[$0.name]) },
            landscapeThumbnail: { relative(thumbs.landscape[$0.name]) }, imagePath: folder)
        let dotFile = format == .dot ? output : PathText.deletingExtension(of: output) + ".dot"
        if let problem = ReportPath.keptFileProblem(dotFile, inputs: PrototypeFiles(prototype)) {
            throw .replacesInput(
                "the Graphviz source \(dotFile): \(problem); an output never replaces a file the run reads: give --out another name or folder"
            )
        }
        do {
            try OutputTarget.write(Data(text.utf8), to: dotFile)
        } catch {
            throw .io(error.description)
        }
        if format == .dot { return text }
        let bytes = try render(dotFile: stem + ".dot", format: format, in: folder, layout: layout)
        do {
            try OutputTarget.write(bytes, to: output)
        } catch {
            throw .io(error.description)
        }
        return text
    }

    /// The folder of a prototype (one holding a `prototype.lua`) that `folder` (links followed)
    /// is or lies inside, or nil.
    static func prototypeFolder(holding folder: String) -> String? {
        // A folder not made yet lies where its parent is (red-team 51 B O1: `P/flow-thumbs`).
        guard
            var place = FolderContainment.resolved(folder)
                ?? FolderContainment.resolved(PathText.folder(of: folder).isEmpty ? "." : PathText.folder(of: folder))
        else { return nil }
        for _ in 0..<64 where !place.isEmpty && place != "/" {
            if FileManager.default.fileExists(atPath: PathText.join(place, "prototype.lua")) {
                return place
            }
            place = PathText.folder(of: place)
        }
        return nil
    }

    /// `text` (DOT) to standard output (`target` "-") or the device or pipe `target`, as it is
    /// or through Graphviz for SVG and PNG.
    private static func writeToStream(_ text: String, format: Format, layout: Layout, to target: String)
        throws(Failure)
    {
        var bytes = Data(text.utf8)
        if format != .dot {
            let scratch = NSTemporaryDirectory() + "sceneflow-graph-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            do {
                try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
                try OutputTarget.write(bytes, to: scratch + "/graph.dot")
            } catch {
                throw .io("could not write a temporary file in \(NSTemporaryDirectory()): \(plainReason(error))")
            }
            bytes = try render(dotFile: scratch + "/graph.dot", format: format, in: scratch, layout: layout)
        }
        do {
            try OutputTarget.write(bytes, to: target)
        } catch {
            throw .io(error.description)
        }
    }

    /// Runs `dot -T<format>` on `dotFile` in `folder` into a temporary file there and returns
    /// its bytes (so the output itself is written once, checked, by `OutputTarget`).
    private static func render(
        dotFile: String, format: Format, in folder: String, layout: Layout
    ) throws(Failure) -> Data {
        guard let dot = graphvizPath() else { throw .graphvizMissing(dotFile: dotFile) }
        let temporary = PathText.join(
            folder, ".sceneflow-graph-\(getpid())-\(UUID().uuidString.prefix(8)).\(format.rawValue)")
        defer { unlink(temporary) }
        try run(dot, ["-T\(format.rawValue)", "-o", temporary, dotFile], in: folder, layout: layout, dotFile: dotFile)
        guard let bytes = RegularFile.contents(atPath: temporary) else {
            throw .io("Graphviz wrote no \(format.rawValue.uppercased()) file")
        }
        guard isComplete(bytes, format) else {
            // dot exits 0 when its last flush fails (red-team 18 B-F3: a 4 096-byte SVG on a
            // full disk replaced a good one).
            throw .io(
                "Graphviz's \(format.rawValue.uppercased()) output is cut short (\(bytes.count) bytes, no \(format == .png ? "IEND chunk" : "closing </svg>")): is the disk full? Nothing was written"
            )
        }
        return bytes
    }

    /// True when `bytes` end as a whole file of `format` does: an SVG with its closing
    /// `</svg>` tag, a PNG with its IEND chunk (length 0, `IEND`, its CRC `AE 42 60 82`).
    static func isComplete(_ bytes: Data, _ format: Format) -> Bool {
        switch format {
        case .dot: return true
        case .svg:
            let tail = String(decoding: bytes.suffix(64), as: UTF8.self)
            return tail.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("</svg>")
        case .png: return bytes.suffix(12).elementsEqual([0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
        }
    }

    /// `name` with every character but ASCII letters, digits, `.`, `_` and `-` replaced by `_`,
    /// so a relative link to it needs no escaping in SVG (XML) or a URL.
    static func linkSafe(_ name: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        let mapped = String(name.map { safe.contains($0) ? $0 : "_" })
        return mapped.isEmpty ? "_" : mapped
    }

    /// How long `dot` may lay out, and when to end it early.
    public struct Layout {
        /// The longest `dot` may run, in seconds of real time (`--layout-timeout`, default 60).
        public var seconds: Double
        /// True when the command was asked to stop (a stop signal): `dot` is then ended.
        public var shouldStop: () -> Bool

        /// Limits `dot` to `seconds`; `shouldStop` is asked every 20 ms while it runs.
        public init(seconds: Double = 60, shouldStop: @escaping () -> Bool = { false }) {
            self.seconds = seconds
            self.shouldStop = shouldStop
        }
    }

    /// Runs `executable` in `folder`, its standard error kept for a failure; ended (SIGKILL)
    /// past `layout.seconds` or when `layout.shouldStop()`, and by the kernel when this
    /// process dies, even by SIGKILL (`sf_spawn_dying_with_parent`; red-team findings R6 and,
    /// for SIGKILL, 9-R1), so no `dot` outlives the command.
    private static func run(
        _ executable: String, _ arguments: [String], in folder: String, layout: Layout, dotFile: String
    ) throws(Failure) {
        let errors = NSTemporaryDirectory() + "sceneflow-dot-\(getpid())-\(UUID().uuidString.prefix(8)).err"
        defer { unlink(errors) }
        // The child's descriptors must not be 0-2 (a closed standard stream hands those out).
        let errorFD = fcntl(open(errors, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600), F_DUPFD_CLOEXEC, 3)
        let nullFD = fcntl(open("/dev/null", O_RDWR | O_CLOEXEC), F_DUPFD_CLOEXEC, 3)
        defer {
            if errorFD >= 0 { close(errorFD) }
            if nullFD >= 0 { close(nullFD) }
        }
        guard errorFD >= 0, nullFD >= 0 else {
            throw .io("cannot run \(executable): \(String(cString: strerror(errno)))")
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let failure = sf_spawn_dying_with_parent(executable, argv, envp, folder, nullFD, nullFD, errorFD, &pid)
        guard failure == 0 else { throw .io("cannot run \(executable): \(String(cString: strerror(failure)))") }
        var deadline = ProcessInfo.processInfo.systemUptime + layout.seconds
        var lastLook = ProcessInfo.processInfo.systemUptime
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) != pid {
            // A look that comes a second late means the command stood stopped (Ctrl-Z, then
            // `fg`; dot with it): that time is not layout time (red-team finding 9-m7).
            let now = ProcessInfo.processInfo.systemUptime
            if now - lastLook > 1 { deadline += now - lastLook }
            lastLook = now
            let stop = layout.shouldStop()
            if stop || ProcessInfo.processInfo.systemUptime >= deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                if stop { throw .stopped }
                throw .layoutTooLong(seconds: layout.seconds, dotFile: dotFile)
            }
            usleep(20_000)
        }
        // The exit status, or the number of the signal that ended dot.
        let code = status & 0x7f != 0 ? status & 0x7f : (status >> 8) & 0xff
        if code != 0 {
            let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            throw .graphvizFailed(status: code, message: message)
        }
    }
}
