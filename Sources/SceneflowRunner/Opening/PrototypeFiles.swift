import Foundation
import SceneflowCore

/// The files a prototype is read from (`prototype.lua` and every image it names: scenes,
/// landscape variants, pressed looks, star images), known by device and inode, so an output
/// path can be told to be one of them however it reaches it (its own name, `..`, a symbolic
/// link to the file or to a folder on the way). Side outputs that are not on the command
/// line (`graph`'s `.dot` and thumbnails) are checked with it before they are written.
public struct PrototypeFiles {
    private var files: [FileIdentity: String] = [:]

    /// A file's device and inode.
    private struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64

        init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// The files of `prototype` that exist now.
    public init(_ prototype: Prototype) {
        let folder = prototype.directory
        let named = ["prototype.lua"] + prototype.imageReferences.map(\.image)
        for relative in named {
            let path = (folder as NSString).appendingPathComponent(relative)
            if let identity = FileIdentity(path), files[identity] == nil {
                files[identity] = relative == "prototype.lua" ? "prototype.lua" : "the image \(relative)"
            }
        }
    }

    /// What `path` is among the prototype's files (`the image home.png`, `prototype.lua`),
    /// or nil when it is none of them (or does not exist).
    public func file(at path: String) -> String? {
        FileIdentity(path).flatMap { files[$0] }
    }
}
