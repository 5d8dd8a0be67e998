import Foundation

/// A temporary folder holding one small prototype (36x80 pt at scale 1, 36x80 px images)
/// and whatever else a test writes into it; removed when the value is released.
final class TempFolder {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The absolute path of `relative` inside the folder.
    func file(_ relative: String) -> String { url.appendingPathComponent(relative).path }

    /// Writes `text` to `relative` (creating folders).
    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String { try write(relative, Data(text.utf8)) }

    /// Writes `data` to `relative` (creating folders).
    @discardableResult
    func write(_ relative: String, _ data: Data) throws -> String {
        let target = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: target)
        return target.path
    }

    /// Writes a small valid PNG.
    func image(_ relative: String, width: Int = 36, height: Int = 80) throws {
        try write(relative, PNGWriter.solid(width: width, height: height))
    }

    /// A two-scene prototype in `folder` ("home" -> "detail" via "Open", "Back" returns),
    /// with `scenes` replacing the scene table body when given.
    @discardableResult
    func prototype(
        _ folder: String = "Proto", start: String = "home", scenes: String? = nil,
        images: [String] = ["home.png", "detail.png"]
    ) throws -> String {
        for name in images { try image("\(folder)/\(name)") }
        let body = scenes ?? Self.twoScenes
        try write(
            "\(folder)/prototype.lua",
            """
            return {
              name = "Tiny",
              device = { width = 36, height = 80, scale = 1 },
              start = "\(start)",
              scenes = {
            \(body)
              },
            }

            """)
        return file(folder)
    }

    static let twoScenes = """
            home = {
              image = "home.png",
              elements = {
                { label = "Open", frame = { 2, 10, 30, 20 }, on_tap = go("detail", "push_left", 0.3) },
              },
            },
            detail = {
              image = "detail.png",
              elements = {
                { label = "Back", frame = { 2, 10, 30, 20 }, on_tap = back() },
              },
            },
        """
}
