import Foundation
import Testing

/// `sceneflow test --video on|retain-on-failure|off` (issue 20, named as Playwright Test's
/// `video` option): one MP4 (H.264) per test from the frames the virtual clock produces, in real
/// time at 60 ticks a second, only changed frames encoded; read back with ffprobe and ffmpeg.
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
            "stream=codec_name,profile,width,height,r_frame_rate,nb_read_frames:format=duration,format_name", "-of",
            "default=nw=1", file,
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

    /// The first packet of `file` as ffprobe shows it: its time stamp and whether it is a key
    /// frame (`0,K` for a video that can be played from its start).
    static func firstPacket(_ file: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "ffprobe", "-v", "error", "-select_streams", "v", "-read_intervals", "%+#1", "-show_entries",
            "packet=pts,flags", "-of", "csv=p=0", file,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first ?? ""
        return String(line.prefix { $0 != "_" })
    }

    static var hasFFprobe: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/ffprobe") }

    /// The first frame of `file` decoded by the `ffmpeg` program, as R,G,B bytes.
    static func firstFrameRGB(_ file: String) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "ffmpeg", "-v", "error", "-i", file, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-",
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(data)
    }

    /// The test's virtual clock time in the JSON report, by test name.
    static func clockSeconds(_ json: String) throws -> [String: Double] {
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        var found: [String: Double] = [:]
        for file in root["files"] as? [[String: Any]] ?? [] {
            for outcome in file["outcomes"] as? [[String: Any]] ?? [] {
                if let name = outcome["name"] as? String, let seconds = outcome["clockSeconds"] as? Double {
                    found[name] = seconds
                }
            }
        }
        return found
    }

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
    func everyTestGetsARealTimeMP4OfItsChangedFramesAlsoInWorkers() throws {
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
            #expect(passing.hasPrefix(report + "/videos/") && passing.hasSuffix("/01-opens_the_detail.mp4"))
            let fields = try Self.probe(passing)
            #expect(fields["codec_name"] == "h264" && fields["format_name"]?.hasPrefix("mov,mp4") == true, "\(fields)")
            #expect(fields["profile"] == "Constrained Baseline", "x264's ultrafast preset: \(fields)")
            #expect(fields["width"] == "36" && fields["height"] == "80", "the device's pixels: \(fields)")
            #expect(fields["r_frame_rate"] == "60/1", "60 fps nominal: \(fields)")
            // The clock ran ~1.3 s (0.3 s push, 1 s wait): the video lasts as long (real time),
            // and one frame more, so that the picture at the end is seen.
            let duration = try #require(Double(fields["duration"] ?? ""))
            let clock = try #require(try Self.clockSeconds(json)["opens the detail"])
            #expect(clock > 1.25 && clock < 1.45, "\(clock)")
            #expect(abs(duration - (clock + 1.0 / 60)) < 0.002, "\(fields), clock \(clock) s")
            // Only changed frames are encoded: the push's ~18 frames and the still ends, far
            // fewer than the ~78 ticks of the clock.
            let frames = try #require(Int(fields["nb_read_frames"] ?? ""))
            #expect(frames >= 10 && frames < 40, "\(fields)")
            // The first frame is the home scene's solid red, colours kept through the conversion
            // to YUV and back (R and B swapped would read as blue).
            let rgb = try Self.firstFrameRGB(passing)
            #expect(rgb.count == 36 * 80 * 3, "\(rgb.count) bytes")
            if rgb.count >= 3 * 40 * 36 {
                let middle = (40 * 36 + 18) * 3
                let pixel = (Int(rgb[middle]), Int(rgb[middle + 1]), Int(rgb[middle + 2]))
                #expect(
                    abs(pixel.0 - 220) < 12 && abs(pixel.1 - 40) < 12 && abs(pixel.2 - 40) < 12, "\(pixel)")
            }
            // A file's later videos reuse the worker's encoder (kept between videos): each still
            // starts with a key frame at time 0 and reads like the first.
            for (name, video) in videos {
                #expect(try Self.firstPacket(video) == "0,K", "\(name): \(video)")
                let fields = try Self.probe(video)
                #expect(fields["width"] == "36" && fields["height"] == "80" && fields["r_frame_rate"] == "60/1")
                #expect(try Self.firstFrameRGB(video).count == 36 * 80 * 3, "\(name) decodes from its first frame")
            }
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
            files.filter { $0.hasSuffix(".mp4") }.map { ($0 as NSString).lastPathComponent } == [
                "02-expects_the_wrong_scene.mp4"
            ], "the passing test's frames were never encoded: \(files)")
        let junit = try String(contentsOfFile: report + "/junit.xml", encoding: .utf8)
        #expect(junit.contains("[[ATTACHMENT|\(try #require(videos["expects the wrong scene"]))]]"))
    }

    /// A device of odd pixel sides (37x81) gives an even video (36x80): libyuv converts the
    /// picture without its last column and row; without libyuv (Debian libyuv0), swscale scales
    /// it to fit. Either way the colours survive.
    @Test(
        .enabled(if: hasFFprobe, "needs ffprobe (Debian ffmpeg, installed by Scripts/setup.sh)"),
        arguments: ["", "libyuv"])
    func anOddDeviceGivesAnEvenVideoWithOrWithoutLibyuv(missing: String) throws {
        let tmp = try TempFolder()
        try tmp.write("P/red.png", PNGWriter.solid(width: 37, height: 81, rgb: (230, 30, 20)))
        try tmp.write("P/blue.png", PNGWriter.solid(width: 37, height: 81, rgb: (20, 30, 230)))
        try tmp.write(
            "P/prototype.lua",
            """
            return {
              name = "Odd", device = { width = 37, height = 81, scale = 1 }, start = "red",
              scenes = {
                red = { image = "red.png", elements = { { label = "Go", frame = { 0, 0, 37, 40 }, on_tap = go("blue") } } },
                blue = { image = "blue.png" },
              },
            }

            """)
        try tmp.write(
            "suite/odd.lua",
            """
            prototype "../P"
            test("goes blue", function()
              tap "Go"
              expect.scene "blue"
            end)

            """)
        let report = tmp.file("report")
        let json = tmp.file("out.json")
        let r = try Sceneflow.run(
            ["test", tmp.file("suite"), "--video", "on", "--report", report, "--json", json],
            environment: ["SCENEFLOW_SIMULATE_MISSING_LIBRARY": missing.isEmpty ? nil : missing])
        #expect(r.status == 0, "\(r)")
        let video = try #require(try Self.videos(json)["goes blue"])
        let fields = try Self.probe(video)
        #expect(fields["width"] == "36" && fields["height"] == "80", "\(fields)")
        #expect(fields["r_frame_rate"] == "60/1", "\(fields)")
        let rgb = try Self.firstFrameRGB(video)
        #expect(rgb.count == 36 * 80 * 3, "\(rgb.count) bytes")
        for (x, y) in [(1, 1), (18, 40), (34, 78)] where rgb.count == 36 * 80 * 3 {
            let at = (y * 36 + x) * 3
            let pixel = (Int(rgb[at]), Int(rgb[at + 1]), Int(rgb[at + 2]))
            #expect(
                abs(pixel.0 - 230) < 14 && abs(pixel.1 - 30) < 14 && abs(pixel.2 - 20) < 14, "(\(x), \(y)): \(pixel)")
        }
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
