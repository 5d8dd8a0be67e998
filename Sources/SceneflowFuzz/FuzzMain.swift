import Foundation
import SceneflowRunner

// `sceneflow-fuzz`: the fuzz targets of `FuzzTargets` behind one binary.
//
// Built normally it replays inputs: `sceneflow-fuzz TARGET FILE_OR_DIR…` runs every file
// through TARGET and prints one line per file (a crash or hang shows as the process dying or
// not finishing). Built for libFuzzer (Scripts/fuzz.sh: `-sanitize=fuzzer,address -DFUZZING`)
// the target comes from SCENEFLOW_FUZZ_TARGET and the arguments are libFuzzer's.

/// The targets, made once per process.
nonisolated(unsafe) private var targets: FuzzTargets?
nonisolated(unsafe) private var selected = "prototype"

/// libFuzzer's entry point: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    targets?.run(selected, Data(bytes: data, count: size))
    return 0
}

#if FUZZING
    @_silgen_name("LLVMFuzzerRunDriver")
    private func runDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
    ) -> CInt
#endif

@main
enum FuzzMain {
    static func main() {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        do {
            targets = try FuzzTargets()
        } catch {
            FileHandle.standardError.write(Data("sceneflow-fuzz: \(error)\n".utf8))
            exit(70)
        }
        #if FUZZING
            selected = ProcessInfo.processInfo.environment["SCENEFLOW_FUZZ_TARGET"] ?? "prototype"
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            let status = runDriver(&argc, &argv) { fuzzOneInput($0, $1) }
            targets = nil
            exit(status)
        #else
            exit(replay(Array(CommandLine.arguments.dropFirst())))
        #endif
    }

    /// Replays files (or every file in folders) through a target; 64 on bad usage.
    static func replay(_ arguments: [String]) -> Int32 {
        guard let target = arguments.first, FuzzTargets.names.contains(target), arguments.count > 1 else {
            print("usage: sceneflow-fuzz \(FuzzTargets.names.joined(separator: "|")) FILE_OR_DIR…")
            return 64
        }
        selected = target
        var files: [String] = []
        for path in arguments.dropFirst() {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                files += names.sorted().map { (path as NSString).appendingPathComponent($0) }
            } else {
                files.append(path)
            }
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            let outcome = targets?.run(target, data) ?? "?"
            print("\((file as NSString).lastPathComponent): \(outcome)")
        }
        print("replayed \(files.count) \(target) inputs")
        return 0
    }
}
