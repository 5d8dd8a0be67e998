/// What one load of a script declared: its tests, the prototype it names and the digest of
/// both (`ScriptRuntime.declarationDigest`). The runner loads a script afresh for every test
/// and hands the first load's declarations to the next loads, which then compare one digest
/// instead of reading and comparing every test again.
public struct ScriptDeclarations: Sendable, Equatable {
    /// The tests in declaration order.
    public let tests: [ScriptTest]
    /// The folder given by `prototype "path"`, resolved against the script's folder.
    public let prototypePath: String?
    /// Every declaration as one byte string: equal digests mean equal declarations.
    public let digest: [UInt8]
}
