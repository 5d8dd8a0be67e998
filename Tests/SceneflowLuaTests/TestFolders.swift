import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// Temporary prototype and script folders for the tests; images are empty files (the loader
/// only checks they exist).
enum TestFolders {
    /// A new empty folder under the temporary directory.
    static func make() -> String {
        let path = NSTemporaryDirectory() + "sceneflow-lua-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A prototype folder holding `prototype.lua` with `lua` and empty `images`.
    static func prototype(_ lua: String, images: [String] = ["home.png", "detail.png", "settings.png"]) -> String {
        let folder = make()
        write(lua, to: folder + "/prototype.lua")
        for image in images { write("", to: folder + "/" + image) }
        return folder
    }

    static func write(_ text: String, to path: String) {
        try! text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// The diagnostics thrown by loading `lua`.
    static func problems(_ lua: String, images: [String] = ["home.png", "detail.png", "settings.png"]) -> [Diagnostic] {
        let folder = prototype(lua, images: images)
        do {
            _ = try PrototypeLoader.load(directory: folder)
            Issue.record("expected the prototype to be rejected")
            return []
        } catch {
            return error.diagnostics
        }
    }

    /// The one-line forms of `problems(lua)` without the folder part of the file name.
    static func lines(_ lua: String, images: [String] = ["home.png", "detail.png", "settings.png"]) -> [String] {
        problems(lua, images: images).map { d in
            var copy = d
            copy.file = "prototype.lua"
            return copy.description
        }
    }

    /// A small valid prototype: home -> detail -> settings.
    static let good = """
        return {
          name = "Notes",
          device = { width = 360, height = 800, scale = 3 },
          start = "home",
          scenes = {
            home = {
              image = "home.png",
              elements = {
                { label = "Open note", frame = { 16, 100, 328, 60 }, on_tap = go("detail") },
                { label = "Settings", frame = { 300, 24, 44, 44 }, on_tap = present("settings", "cover_up", 0.4, "ease_out") },
              },
              on_swipe = { left = go("detail", "crossfade", 0.25, "linear") },
            },
            detail = {
              image = "detail.png",
              screen = { 0, 0, 1080, 2400 },
              elements = {
                { label = "Back", frame = { 0, 24, 56, 56 }, on_tap = back(), kind = "button" },
                { label = "More options", frame = { 300, 24, 56, 56 }, on_tap = go("settings", "none") },
              },
            },
            settings = {
              image = "settings.png",
              screen = "auto",
              elements = {
                { label = "Done", frame = { 280, 24, 80, 44 }, on_tap = dismiss(), on_swipe = { down = dismiss() } },
              },
            },
          },
        }
        """
}
