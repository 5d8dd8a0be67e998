import Foundation
import SceneflowRunner
import Testing

/// Hot reload's `FileWatcher`: the prototype file and its images are watched; other files in
/// the folder only when the folder is watched too (while the last reload failed).
@Suite struct FileWatcherTests {
    @Test func aChangedWatchedFileIsSeenOnce() throws {
        let tmp = try TempFolder()
        let lua = try tmp.write("P/prototype.lua", "return {}")
        var watcher = FileWatcher(files: [lua])
        #expect(Self.poll(&watcher) == false, "nothing changed yet")
        try tmp.write("P/prototype.lua", "return { name = 'x' }")
        #expect(Self.poll(&watcher) == true)
        #expect(Self.poll(&watcher) == false, "the change is reported once")
    }

    @Test func otherFilesInTheFolderAreIgnoredUnlessTheFolderIsWatched() throws {
        let tmp = try TempFolder()
        let lua = try tmp.write("P/prototype.lua", "return {}")
        var watcher = FileWatcher(files: [lua])
        try tmp.write("P/session.log", "a log written beside the prototype")
        #expect(Self.poll(&watcher) == false, "an unrelated file does not reload a working prototype")
        watcher.reset(files: [lua], folder: tmp.file("P"))
        try tmp.write("P/added.png", PNGWriter.solid(width: 2, height: 2))
        #expect(Self.poll(&watcher) == true, "while broken, a file added to the folder may fix the edit")
    }

    @Test func aMissingWatchedFileCountsOnceItAppears() throws {
        let tmp = try TempFolder()
        let image = tmp.file("P/img/later.png")
        var watcher = FileWatcher(files: [image])
        #expect(Self.poll(&watcher) == false)
        try tmp.write("P/img/later.png", PNGWriter.solid(width: 2, height: 2))
        #expect(Self.poll(&watcher) == true)
        try FileManager.default.removeItem(atPath: image)
        #expect(Self.poll(&watcher) == true, "a removed image is a change too")
    }

    private static func poll(_ watcher: inout FileWatcher) -> Bool { watcher.changed() }
}
