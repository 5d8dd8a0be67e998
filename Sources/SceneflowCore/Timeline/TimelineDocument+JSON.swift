import Foundation

extension TimelineDocument {
    /// The document as pretty-printed JSON with sorted keys (UTF-8), ending in a newline.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }

    /// Parses JSON written by `jsonData()` (any schema version up to the current one).
    ///
    /// - Parameter file: the file name used in diagnostics.
    /// - Throws: a `Diagnostic` naming `file` and the JSON path of the problem, e.g.
    ///   `runs[0].transitions[2].kind: unknown transition kind "crosfade"`.
    public static func parse(_ data: Data, file: String) throws(Diagnostic) -> TimelineDocument {
        do {
            return try JSONDecoder().decode(TimelineDocument.self, from: data)
        } catch let error as DecodingError {
            throw describe(error, file: file)
        } catch {
            throw Diagnostic(file: file, message: "not a Sceneflow timeline: \(error)")
        }
    }

    /// The largest timeline file read, bytes (a device such as /dev/zero is refused anyway).
    public static let maxFileBytes = 512 * 1024 * 1024

    /// Reads and parses the file at `path` (a regular file only: a FIFO would block).
    /// - Throws: a `Diagnostic` naming `path` when it cannot be read or parsed.
    public static func read(_ path: String) throws(Diagnostic) -> TimelineDocument {
        let data: Data
        do {
            data = try RegularFile.read(path, limit: maxFileBytes)
        } catch .notRegular(let kind) {
            throw Diagnostic(file: path, message: "cannot read the file: it is \(kind), not a timeline file")
        } catch {
            throw Diagnostic(file: path, message: "cannot read the file (missing or not readable: \(error))")
        }
        return try parse(data, file: path)
    }

    /// `runs[0].transitions[2].kind` from a coding path.
    static func jsonPath(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    private static func describe(_ error: DecodingError, file: String) -> Diagnostic {
        switch error {
        case .keyNotFound(let key, let context):
            return Diagnostic(
                file: file, path: jsonPath(context.codingPath + [key]), message: "missing (required in a timeline)")
        case .typeMismatch(let type, let context):
            return Diagnostic(file: file, path: jsonPath(context.codingPath), message: "expected \(jsonName(type))")
        case .valueNotFound(let type, let context):
            return Diagnostic(
                file: file, path: jsonPath(context.codingPath), message: "expected \(jsonName(type)), found null")
        case .dataCorrupted(let context):
            let path = jsonPath(context.codingPath)
            if context.codingPath.isEmpty {
                let reason = (context.underlyingError as NSError?)?.localizedDescription ?? context.debugDescription
                return Diagnostic(file: file, message: "not valid JSON: \(reason)")
            }
            return Diagnostic(file: file, path: path, message: context.debugDescription)
        @unknown default:
            return Diagnostic(file: file, message: "not a Sceneflow timeline: \(error)")
        }
    }

    private static func jsonName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Double.Type, is Int.Type: "a number"
        case is Bool.Type: "true or false"
        default: "an object or array (\(type))"
        }
    }
}
