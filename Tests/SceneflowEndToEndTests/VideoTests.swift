import Foundation
import Testing

/// `sceneflow test --video on|retain-on-failure|off` (issue 20, named as Playwright Test's
/// `video` option): one WebM (VP8) per test from the frames the virtual clock produces, in real
/// time at 60 ticks a second, only changed frames encoded; read back with ffprobe (FFmpeg).
@Suite struct VideoTests {
    /// A prototype whose two scenes differ in colour, and one script with a passing test (a
    /// push transition, then one second on a still screen) and a failing one.
    static func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype(images: ["detail.png"])
        try tmp.write("Proto/home.png", PNGWriter.solid(width: 36, height: 80, rgb: (220, 40, 40)))
        try tmp.write(
            "suite/flow.lua",
            """
            prototype "../Proto"
            test("opens the detail", function()
              tap "Open"
              expect.scene "detail"
              wait(1)
            end)
            test("expects the wrong scene", function()
              tap "Open"
              expect.scene("home", {timeout = 0.5})
            end)

            """)
        return tmp
    }

    /// ffprobe's `key=value` lines for `file` (stream and format), counting the frames.
    static func probe(_ file: String) throws -> [String: String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "ffprobe", "-v", "error", "-count_frames", "-show_entries",
            "stream=codec_name,width,height,nb_read_frames:format=duration,format_name", "-of", "default=nw=1", file,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var fields: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        return fields
    }

    static var hasFFprobe: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/ffprobe") }

    /// The `video` of each test in the JSON report, by test name.
    static func videos(_ json: String) throws -> [String: String] {
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        var found: [String: String] = [:]
        for file in root["files"] as? [[String: Any]] ?? [] {
            for outcome in file["outcomes"] as? [[String: Any]] ?? [] {
                if let name = outcome["name"] as? String, let video = outcome["video"] as? String {
                    found[name] = video
                }
            }
        }
        return found
    }

    @Test(.enabled(if: hasFFprobe, "needs ffprobe (Debian ffmpeg, installed by Scripts/setup.sh)"))
    func everyTestGetsARealTimeWebMOfItsChangedFramesAlsoInWorkers() throws {
        let tmp = try Self.suite()
        for jobs in ["1", "2"] {
            let report = tmp.file("report\(jobs)")
            let json = tmp.file("out\(jobs).json")
            let r = try Sceneflow.run(
                ["test", tmp.file("suite"), "--video", "on", "--report", report, "--json", json, "--jobs", jobs])
            #expect(r.status == 1, "one test fails: \(r)")
            let videos = try Self.videos(json)
            #expect(Set(videos.keys) == ["opens the detail", "expects the wrong scene"], "--jobs \(jobs): \(videos)")
            let passing = try #require(videos["opens the detail"])
            #expect(passing.hasPrefix(report + "/videos/") && passing.hasSuffix("/01-opens_the_detail.webm"))
            let fields = try Self.probe(passing)
            #expect(fields["codec_name"] == "vp8" && fields["format_name"] == "matroska,webm", "\(fields)")
            #expect(fields["width"] == "36" && fields["height"] == "80", "the device's pixels: \(fields)")
            // The clock ran ~1.3 s (0.3 s push, 1 s wait): the video lasts as long (real time).
            let duration = try #require(Double(fields["duration"] ?? ""))
            #expect(duration > 1.25 && duration < 1.45, "\(fields)")
            // Only changed frames are encoded: the push's ~18 frames and the still ends, far
            // fewer than the ~78 ticks of the clock.
            let frames = try #require(Int(fields["nb_read_frames"] ?? ""))
            #expect(frames >= 10 && frames < 40, "\(fields)")
            let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
            #expect(html.contains("<video src=\"videos/"), "the HTML report shows the videos inline")
        }
    }

    @Test(.enabled(if: hasFFprobe, "needs ffprobe (Debian ffmpeg, installed by Scripts/setup.sh)"))
    func retainOnFailureKeepsOnlyFailedTestsVideos() throws {
        let tmp = try Self.suite()
        let report = tmp.file("report")
        let json = tmp.file("out.json")
        let r = try Sceneflow.run(
            ["test", tmp.file("suite"), "--video", "retain-on-failure", "--report", report, "--json", json])
        #expect(r.status == 1, "\(r)")
        let videos = try Self.videos(json)
        #expect(Array(videos.keys) == ["expects the wrong scene"], "\(videos)")
        let files = FileManager.default.enumerator(atPath: report + "/videos")?.allObjects as? [String] ?? []
        #expect(
            files.filter { $0.hasSuffix(".webm") }.map { ($0 as NSString).lastPathComponent } == [
                "02-expects_the_wrong_scene.webm"
            ])
        let junit = try String(contentsOfFile: report + "/junit.xml", encoding: .utf8)
        #expect(junit.contains("[[ATTACHMENT|\(try #require(videos["expects the wrong scene"]))]]"))
    }

    @Test func offAndNoOptionWriteNoVideo() throws {
        let tmp = try Self.suite()
        for extra in [["--video", "off"], []] {
            let report = tmp.file("report\(extra.count)")
            let r = try Sceneflow.run(["test", tmp.file("suite"), "--report", report] + extra)
            #expect(r.status == 1, "\(r)")
            #expect(!FileManager.default.fileExists(atPath: report + "/videos"), "\(extra)")
        }
    }

    @Test func aBadModeIsBadUsage() throws {
        let tmp = try Self.suite()
        let r = try Sceneflow.run(["test", tmp.file("suite"), "--video", "sometimes"])
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains("--video expects on, retain-on-failure or off, got \"sometimes\""), "\(r)")
    }
}
