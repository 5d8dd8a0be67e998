import Foundation
import SceneflowCore
import SceneflowRunner

extension OutputOptions {
    /// Files a folder output writes at its top, which no other output may take
    /// (`test --report DIR`: DIR/results.json, DIR/junit.xml, DIR/index.html).
    /// and its ledger of what runs wrote there, `.sceneflow-files`: an output onto it was
    /// replaced by the ledger (red-team 11 R7).
    static let folderFiles: [String: [String]] = [
        "--report": ["results.json", "junit.xml", "index.html", ReportFolderLedger.fileName]
    ]

    /// Checks that no output of `parsed` replaces a file the run reads and that no two outputs
    /// are one file (`OutputCollisions`). The run's inputs: every positional argument that is a
    /// file (a script, a timeline), every positional folder and `--prototype` holding a
    /// `prototype.lua` (the prototype's `.lua` files and images), and for `test` every script
    /// found and the prototype each script names on a `prototype "path"` line.
    ///
    /// - Throws: `UsageError` (exit 64) naming both options or the option and the input.
    static func checkCollisions(_ parsed: ParsedArguments, options: [OptionSpec], command: String) throws(UsageError) {
        if parsed.value("--worker") != nil { return }  // a test worker: its runner checked
        var outputs: [OutputCollisions.Output] = []
        for option in options {
            guard let kind = option.output, let value = parsed.value(option.name), value != "-" else { continue }
            if kind == .folder, let names = folderFiles[option.name] {
                for name in names { outputs.append(.init(option: option.name, path: PathText.join(value, name))) }
            } else {  // a file, or a folder whose files have names of their own (--frames DIR)
                outputs.append(.init(option: option.name, path: value))
            }
        }
        // Without --report, `test` keeps its list of report files in the default folder, where
        // captures and screenshot images go: an output there was replaced by it, "wrote" said
        // (red-team 48 B K1). Checked with no other output too: a default folder that is a link
        // into `__screenshots__` got its list and folders among the baselines (53 B F2).
        if command == TestCommand.name, parsed.value("--report") == nil {
            outputs.insert(
                .init(
                    option: OutputCollisions.defaultReportList,
                    path: PathText.join(HeadlessTestRunner.Options().visualDirectory, ReportFolderLedger.fileName)),
                at: 0)
        }
        guard !outputs.isEmpty else { return }
        try checkCollisions(
            outputs, positionals: parsed.positionals, prototype: parsed.value("--prototype"), command: command,
            shard: parsed.value("--shard").flatMap(TestSettings.shard(from:)))
        if command == TestCommand.name {
            try checkOwnedFoldersAreNoPrototypes(
                report: parsed.value("--report") ?? HeadlessTestRunner.Options().visualDirectory,
                option: parsed.value("--report") == nil ? "the report folder" : "--report")
        }
        if command == TestCommand.name, let frames = parsed.value("--frames") {
            let scripts = ScriptFinder.scripts(in: parsed.positionals.isEmpty ? ["Scripts"] : parsed.positionals)
            try checkOutsideFrames(outputs, frames: frames, scripts: scripts)
            try checkFramesOutsideOwnedFolders(
                report: parsed.value("--report") ?? HeadlessTestRunner.Options().visualDirectory, frames: frames,
                scripts: scripts)
            var prototypes =
                (parsed.value("--prototype").map { [$0] } ?? []) + scripts.compactMap(declaredPrototype(of:))
            prototypes += parsed.positionals.filter {
                FileManager.default.fileExists(atPath: PathText.join($0, "prototype.lua"))
            }
            try checkFramesOutsidePrototypes(frames: frames, scripts: scripts, prototypes: prototypes)
        }
    }

    /// Throws when the folder `--frames DIR` writes a script's frames into (`DIR/<script id>/`)
    /// is a prototype's folder (any folder holding a `prototype.lua`) or lies inside one of the
    /// run's prototypes, lies inside a `__screenshots__` folder of baselines, or is another
    /// script's frames folder reached through a link. Red-team 42 B F5: `test Shop.lua --frames .`
    /// wrote into `./Shop/`, the prototype's own folder, and its screenshots named like frames
    /// (`001-home.png`) were lost; 43 B G2: frames written over a baseline named like one made
    /// a changed screen pass; G4: two scripts' frames and summaries overwrote each other; G7: a
    /// prototype the run does not use got frames. `prototypes`: folders, or `.lua` files whose
    /// folder is the prototype's.
    ///
    /// - Throws: `UsageError` (exit 64) naming the script, its frames folder and why.
    static func checkFramesOutsidePrototypes(frames: String, scripts: [String], prototypes: [String])
        throws(UsageError)
    {
        let folders = prototypes.compactMap { prototype -> (String, String)? in
            let folder = prototype.hasSuffix(".lua") ? PathText.folder(of: prototype) : prototype
            return placeKey(folder).map { (folder, $0) }
        }
        var taken: [String: String] = [:]  // a frames folder's place → its script
        for script in scripts {
            let folder = PathText.join(frames, HeadlessTestRunner.scriptID(script))
            guard let key = placeKey(folder) else { continue }
            let writes =
                "--frames \(OutputPath.shown(frames)) would write the frames of \(OutputPath.shown(script)) into \(OutputPath.shown(folder))/"
            if let other = taken[key] {
                throw UsageError(
                    message:
                        "\(writes), which is also the frames folder of \(OutputPath.shown(other)) (through a link): each script's frames and summary.txt would replace the other's; give --frames a folder whose script folders are folders of their own"
                )
            }
            taken[key] = script
            if key.split(separator: "/").contains("__screenshots__") {
                throw UsageError(
                    message:
                        "\(writes), inside a __screenshots__ folder, whose baselines frames could replace; give --frames a folder outside __screenshots__"
                )
            }
            // The run's prototypes, and any folder that is a prototype's (holds a prototype.lua)
            // or lies inside one (red-team 44 B H2: `F/a/` inside prototype F).
            var prototype = folders.first { key == $0.1 || key.hasPrefix($0.1 + "/") }.map(\.0)
            var ancestor = key
            for _ in 0..<64 where prototype == nil && !ancestor.isEmpty && ancestor != "/" {
                if FileManager.default.fileExists(atPath: PathText.join(ancestor, "prototype.lua")) {
                    prototype = ancestor
                }
                ancestor = PathText.folder(of: ancestor)
            }
            if let prototype {
                throw UsageError(
                    message:
                        "\(writes), \(placeKey(prototype) == key ? "the folder" : "inside the folder") of the prototype \(OutputPath.shown(prototype)), whose screenshots they could replace; give --frames a folder of its own"
                )
            }
        }
    }

    /// Throws when an output of `test` lies in (or is) a subfolder of the report folder that
    /// only Sceneflow writes into (`ReportFolderLedger.ownedFolders` of `--report DIR`, else
    /// of `sceneflow-report`, where captures go): what a run writes there is listed in the
    /// folder's ledger and removed by the next run, so a user's `--json rep/artifacts/my.json`
    /// was lost (red-team 12 m1), and `--json rep/captures` failed after the whole run (m2).
    ///
    /// - Throws: `UsageError` (exit 64) naming the option, the path and the folder.
    static func checkOutsideOwnedFolders(_ outputs: [OutputCollisions.Output]) throws(UsageError) {
        let reports = outputs.filter { $0.option == "--report" }.map { PathText.folder(of: $0.path) }
        let report = reports.first ?? HeadlessTestRunner.Options().visualDirectory
        for name in ReportFolderLedger.ownedFolders {
            let folder = PathText.join(report, name)
            guard let owned = placeKey(folder) else { continue }
            for output in outputs where output.option != "--report" {
                guard let key = placeKey(output.path), key == owned || key.hasPrefix(owned + "/") else { continue }
                throw UsageError(
                    message:
                        "\(output.option) \(OutputPath.shown(output.path)) is \(key == owned ? "" : "inside ")\(OutputPath.shown(folder))/, which only Sceneflow writes into (the next run removes what is there); each output needs a file of its own"
                )
            }
        }
    }

    /// Throws when the folder `--frames DIR` writes a script's frames into (`DIR/<script id>/`)
    /// is, or lies in, a subfolder of the report folder `report` that only Sceneflow writes
    /// into (red-team 53 B F4: `test artifacts.lua --frames R --report R` wrote its frames into
    /// `R/artifacts/`, which `--frames R/artifacts` is refused for).
    ///
    /// - Throws: `UsageError` (exit 64) naming the script, its frames folder and the folder.
    static func checkFramesOutsideOwnedFolders(report: String, frames: String, scripts: [String]) throws(UsageError) {
        // A frames folder named like a page or the ledger took its place: no page was written
        // (red-team 54 B N2: `results.json.lua`).
        for name in ReportFolderLedger.ownedFiles + [ReportFolderLedger.fileName, ReportFolderLedger.journalName] {
            let page = PathText.join(report, name)
            guard let taken = placeKey(page) else { continue }
            for script in scripts {
                let target = PathText.join(frames, HeadlessTestRunner.scriptID(script))
                guard placeKey(target) == taken else { continue }
                throw UsageError(
                    message:
                        "--frames \(OutputPath.shown(frames)) would write the frames of \(OutputPath.shown(script)) into \(OutputPath.shown(target))/, where the report folder keeps its file \(name); give --frames a folder of its own"
                )
            }
        }
        for name in ReportFolderLedger.ownedFolders {
            let folder = PathText.join(report, name)
            guard let owned = placeKey(folder) else { continue }
            for script in scripts {
                let target = PathText.join(frames, HeadlessTestRunner.scriptID(script))
                guard let key = placeKey(target), key == owned || key.hasPrefix(owned + "/") else { continue }
                throw UsageError(
                    message:
                        "--frames \(OutputPath.shown(frames)) would write the frames of \(OutputPath.shown(script)) into \(OutputPath.shown(target))/\(key == owned ? "" : ", inside \(OutputPath.shown(folder))/"), which only Sceneflow writes into (the next run removes what is there); give --frames a folder of its own"
                )
            }
        }
    }

    /// Throws when a subfolder of the report folder `report` that only Sceneflow writes into
    /// (`artifacts/`, `captures/`, …) is a prototype's folder (holds a `prototype.lua`): failure
    /// frames and captures went among its images, and `check` warned about them (red-team 54 B
    /// N7: `--report .` beside a prototype folder named `artifacts`).
    ///
    /// - Throws: `UsageError` (exit 64) naming the folder.
    static func checkOwnedFoldersAreNoPrototypes(report: String, option: String) throws(UsageError) {
        for name in ReportFolderLedger.ownedFolders {
            let folder = PathText.join(report, name)
            guard FileManager.default.fileExists(atPath: PathText.join(folder, "prototype.lua")) else { continue }
            throw UsageError(
                message:
                    "\(option) \(OutputPath.shown(report)) would write its \(name) into \(OutputPath.shown(folder))/, the folder of a prototype, among its images; give the report a folder of its own"
            )
        }
    }

    /// Where `path` is or would be, links followed (a file, a folder or nothing yet), or nil.
    private static func placeKey(_ path: String) -> String? {
        OutputCollisions.FileKey(PathText.join(path, "-")).map { String($0.path.dropLast(2)) }
    }

    /// Throws when an output lies in the folder `--frames DIR` writes a script's frames,
    /// summary.txt and hashes.txt into (`DIR/<script id>/`): the frames' files were replaced by
    /// a report, or the report by them, both announced as written (red-team 11 R7). Beside
    /// those folders (`DIR/results.json`) is fine.
    ///
    /// - Throws: `UsageError` (exit 64) naming the option, the path and the script.
    static func checkOutsideFrames(_ outputs: [OutputCollisions.Output], frames: String, scripts: [String])
        throws(UsageError)
    {
        for script in scripts {
            let folder = PathText.join(frames, HeadlessTestRunner.scriptID(script))
            guard let inside = OutputCollisions.FileKey(PathText.join(folder, "-"))?.path.dropLast(2) else { continue }
            for output in outputs where output.option != "--frames" {
                guard let key = OutputCollisions.FileKey(output.path), key.path.hasPrefix(inside + "/") else {
                    continue
                }
                throw UsageError(
                    message:
                        "\(output.option) \(OutputPath.shown(output.path)) is inside \(OutputPath.shown(folder))/, where --frames writes the frames of \(OutputPath.shown(script)); each output needs a file of its own"
                )
            }
        }
    }

    /// Checks `outputs`, wherever they come from (the command line, the project config's
    /// reporters), against each other and against the inputs of a run of `positionals` (for
    /// `test`, `Scripts` when none) with `prototype` (`--prototype`, or the config's), and
    /// `config`, the project config file the run read; `shard`, the run's `--shard I/N`.
    ///
    /// - Throws: `UsageError` (exit 64) naming both outputs or the output and the input.
    static func checkCollisions(
        _ outputs: [OutputCollisions.Output], positionals: [String], prototype: String?, config: String? = nil,
        command: String, shard: (Int, Int)? = nil
    ) throws(UsageError) {
        try OutputCollisions.checkDistinct(outputs)
        if command == TestCommand.name { try checkOutsideOwnedFolders(outputs) }
        var files: [String] = []
        var prototypes: [String] = prototype.map { [$0] } ?? []
        for argument in positionals {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else { continue }
            if !isDirectory.boolValue {
                files.append(argument)
            } else if FileManager.default.fileExists(atPath: PathText.join(argument, "prototype.lua")) {
                prototypes.append(argument)
            }
        }
        if command == TestCommand.name {
            let scripts = ScriptFinder.scripts(in: positionals.isEmpty ? ["Scripts"] : positionals)
            files += scripts
            prototypes += scripts.compactMap(declaredPrototype(of:))
        }
        files += prototypes.filter { $0.hasSuffix(".lua") }  // a prototype named by its file
        try OutputCollisions.checkNotInputs(
            outputs, files: files, prototypeFolders: prototypes, luaIsInput: command == TestCommand.name,
            config: config)
        try checkReportPages(outputs, shard: shard)
        try checkOtherShardsResults(outputs, shard: shard)
    }

    /// Throws when a `--json` or `--junit` file (or the project config's `test.reporters.json`
    /// or `junit`, the same for every shard) holds the results of another shard of the run's
    /// split (`ShardOfAReport`): they are kept for `merge-reports` (red-team 58 B L3).
    ///
    /// - Throws: `UsageError` (exit 64) naming the option and the file.
    static func checkOtherShardsResults(_ outputs: [OutputCollisions.Output], shard: (Int, Int)?) throws(UsageError) {
        guard shard != nil else { return }
        for output in outputs {
            let option = output.option
            guard
                ["--json", "--junit"].contains(option) || option.hasSuffix("reporters.json")
                    || option.hasSuffix("reporters.junit"),
                let problem = ShardOfAReport.problem(output.path, shard: shard)
            else { continue }
            throw UsageError(message: "\(option): \(problem)")
        }
    }

    /// Throws when a page a report folder output writes (`results.json`, `junit.xml`,
    /// `index.html` of `--report DIR` or the config's `test.reporters.report`) may not be
    /// written there: a symbolic link, a person's file, or not a file
    /// (`ReportFolderLedger.pageProblem`). Red-team 53 B F1, F3: the run wrote its report
    /// through a link into a person's file, and over a person's own page, without a word.
    ///
    /// - Throws: `UsageError` (exit 64) naming the option, the folder and the page.
    static func checkReportPages(_ outputs: [OutputCollisions.Output], shard: (Int, Int)?) throws(UsageError) {
        for output in outputs where output.option == "--report" || output.option.hasSuffix("test.reporters.report") {
            let name = PathText.lastComponent(of: output.path)
            let folder = PathText.folder(of: output.path)
            guard ReportFolderLedger.ownedFiles.contains(name),
                let problem = ReportFolderLedger.pageProblem(name, in: folder, shard: shard)
            else { continue }
            throw UsageError(message: "\(output.option) \(OutputPath.shown(folder)): \(problem)")
        }
    }

    /// The folder a script names with `prototype "path"` (or `prototype("path")`, `'path'`) on
    /// a line of its own, resolved against the script's folder; nil when there is none in the
    /// first 64 KiB. A cheap reading for the output check only: the runner never runs a script's
    /// Lua (the worker does), and a prototype named another way is still guarded by the
    /// `.lua`-file rule of `test`.
    static func declaredPrototype(of script: String) -> String? {
        guard let data = try? LuaSourceFile.prefix(script, count: 65_536) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        for line in text.split(separator: "\n").prefix(200) {
            var rest = line.drop { $0 == " " || $0 == "\t" }
            guard rest.hasPrefix("prototype") else { continue }
            rest = rest.dropFirst("prototype".count).drop { $0 == " " || $0 == "(" || $0 == "\t" }
            guard let quote = rest.first, quote == "\"" || quote == "'" else { continue }
            let inner = rest.dropFirst()
            guard let end = inner.firstIndex(of: quote) else { continue }
            let path = String(inner[..<end])
            let folder = PathText.folder(of: script)
            return lexicallyNormal(path.hasPrefix("/") || folder.isEmpty ? path : PathText.join(folder, path))
        }
        return nil
    }

    /// `path` with `.` parts and `name/..` pairs taken out, for messages (`scripts/../proto`
    /// is shown as `proto`); links are not followed (the checks compare real paths).
    static func lexicallyNormal(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}
