/// Writes the text of a scaffolded prototype: a commented `prototype.lua` that chains the
/// scenes with a "Next" hotspot, and a starter script that walks the chain. Pure text; the
/// runner's `Scaffolder` reads the images and writes the files.
public enum ScaffoldWriter {
    /// One screenshot that becomes a scene.
    public struct Shot: Equatable, Sendable {
        /// The scene name (see `SceneNamer`).
        public var scene: String
        /// The image path relative to the prototype folder.
        public var image: String
        /// The image size in pixels.
        public var pixelWidth: Int
        /// The image height in pixels.
        public var pixelHeight: Int
        /// `.auto` for a device-framed screenshot (transparent corners), else `.wholeImage`.
        public var screen: ScreenArea
        /// The scene's landscape screenshot (its `landscape = { image = … }` variant), if any.
        public var landscape: Landscape?
        /// True for a long scroll screenshot: the scene gets `scroll = { header = 0, footer = … }`
        /// with its "Next" hotspot in the fixed footer (see `ScaffoldPlan`).
        public var scrolls = false

        /// A landscape screenshot attached to a scene.
        public struct Landscape: Equatable, Sendable {
            /// The image path relative to the prototype folder.
            public var image: String
            /// The image width in pixels.
            public var pixelWidth: Int
            /// The image height in pixels.
            public var pixelHeight: Int
            /// `.auto` for a device-framed screenshot, else `.wholeImage`.
            public var screen: ScreenArea
            /// Creates a landscape screenshot.
            public init(image: String, pixelWidth: Int, pixelHeight: Int, screen: ScreenArea = .wholeImage) {
                self.image = image
                self.pixelWidth = pixelWidth
                self.pixelHeight = pixelHeight
                self.screen = screen
            }
        }

        /// Creates a shot.
        public init(scene: String, image: String, pixelWidth: Int, pixelHeight: Int, screen: ScreenArea = .wholeImage) {
            self.scene = scene
            self.image = image
            self.pixelWidth = pixelWidth
            self.pixelHeight = pixelHeight
            self.screen = screen
        }
    }

    /// The share of the screen height the "Next" hotspot covers, at the bottom (0.15 = 15 %).
    public static let nextBand = 0.15

    /// The "Next" hotspot's frame in points: the full width of the bottom `nextBand` of the screen.
    public static func nextFrame(_ device: Device) -> Rect {
        let height = (device.height * nextBand).rounded()
        return Rect(x: 0, y: device.height - height, width: device.width, height: height)
    }

    /// `"text"` as a Lua string literal, as every writer of Lua source writes one
    /// (`LuaStringLiteral.quoted`: backslashes, quotes, control characters and bidirectional
    /// controls escaped).
    public static func luaString(_ text: String) -> String { LuaStringLiteral.quoted(text) }

    /// `text` as it may stand in a Lua comment: control characters (a line break or carriage
    /// return would end the comment and let a file name write Lua lines), the Unicode line
    /// and paragraph separators and the bidirectional controls (which would reorder the line in
    /// an editor) shown as escapes (`\n`, `\13`, `\u{2028}`, `\u{202E}`).
    public static func commentText(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value): out += "\\\(scalar.value)"
            case _ where LuaStringLiteral.readsOtherwise(scalar):
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The `prototype.lua` text. `deviceSource` names the table entry the device came from
    /// (see `DeviceGuess`); `name` is the prototype's display name.
    public static func prototypeFile(name: String, device: Device, deviceSource: String, shots: [Shot]) -> String {
        let first = shots.first?.scene ?? "home"
        let pixels = "\(device.pixelWidth)x\(device.pixelHeight) px"
        let points = "\(formatNumber(device.width))x\(formatNumber(device.height)) pt"
        let source =
            deviceSource == "fallback" ? "no common size matched: scale chosen to give ~360 pt across" : deviceSource
        let next = nextFrame(device)
        var text = """
            -- \(commentText(name)): scaffolded by `sceneflow new` from \(counted(shots.count, "screenshot")) (in file name order).
            -- Device: \(pixels) = \(points) at scale \(formatNumber(device.scale)) (\(source)).
            -- Frames are in points: { x, y, width, height } from the top-left; pixels = points x scale.
            --
            -- Every scene but the last has a "Next" hotspot over the bottom \(Int(nextBand * 100)) % of the screen that
            -- pushes the next scene, so the prototype plays at once:  sceneflow play <this folder>
            -- In the window: click = tap, drag = swipe, Escape = back, H = show every element, ? = keys.
            --
            -- Make it real: replace each "Next" with hotspots a person would tap. An element needs an
            -- accessibility label (the text a person reads: "Settings", "Back"), a frame in points and an
            -- action: go("scene" [, "push_left" [, 0.35 [, "ease_in_out"]]]), back(), present("scene"),
            -- dismiss(), replace("scene") (takes the current scene's place: a splash), or
            -- function(app) app:go("scene") end. Validate with:  sceneflow check <this folder>

            """
        text += "return {\n"
        text += "  name = \(luaString(Self.oneLine(name))),\n"
        text +=
            "  device = { width = \(formatNumber(device.width)), height = \(formatNumber(device.height)), scale = \(formatNumber(device.scale)) },\n"
        text += "  start = \(luaString(first)),\n"
        text += "  scenes = {\n"
        for (index, shot) in shots.enumerated() {
            let framed = shot.screen == .auto ? "; phone frame: the screen inside is found with screen = \"auto\"" : ""
            text +=
                "    -- \(index + 1). \(commentText(shot.image)): \(shot.pixelWidth)x\(shot.pixelHeight) px\(framed)\n"
            text += "    \(shot.scene) = {\n"
            text += "      image = \(luaString(shot.image)),\n"
            if shot.screen == .auto { text += "      screen = \"auto\",\n" }
            if let landscape = shot.landscape {
                text += landscapeBlock(
                    landscape, device: device, next: index + 1 < shots.count ? shots[index + 1].scene : nil)
            }
            var next = next
            if shot.scrolls {
                let content = Double(shot.pixelHeight) * device.width / Double(max(shot.pixelWidth, 1))
                next = Rect(x: 0, y: content - next.height, width: next.width, height: next.height)
                text +=
                    "      -- A long screenshot: the content scrolls; the bottom \(formatNumber(next.height)) pt stay put.\n"
                text += "      scroll = { header = 0, footer = \(formatNumber(next.height)) },\n"
            }
            if index + 1 < shots.count {
                let target = shots[index + 1].scene
                text += "      elements = {\n"
                text +=
                    "        { label = \"Next\", frame = \(next), on_tap = go(\(luaString(target)), \"push_left\", 0.35) },\n"
                text += "      },\n"
            } else {
                text +=
                    "      -- The last scene: Escape goes back. Add elements = { { label = ..., frame = ..., on_tap = ... } }.\n"
                text += "      elements = {},\n"
            }
            text += "    },\n"
        }
        text += "  },\n}\n"
        return text
    }

    /// A scene's `landscape = { … }` table: the image, `screen = "auto"` when framed, and a
    /// "Next" hotspot over the bottom band of the turned screen when there is a `next` scene.
    static func landscapeBlock(_ landscape: Shot.Landscape, device: Device, next: String?) -> String {
        let turned = device.rotated
        let framed = landscape.screen == .auto ? ", phone frame" : ""
        var text =
            "      -- Turned to landscape (O in the window, rotate \"landscape\" in scripts): \(commentText(landscape.image)), "
        text += "\(landscape.pixelWidth)x\(landscape.pixelHeight) px\(framed);\n"
        text +=
            "      -- its frames are in landscape points (\(formatNumber(turned.width))x\(formatNumber(turned.height))).\n"
        text += "      landscape = {\n"
        text += "        image = \(luaString(landscape.image)),\n"
        if landscape.screen == .auto { text += "        screen = \"auto\",\n" }
        if let next {
            text += "        elements = {\n"
            text +=
                "          { label = \"Next\", frame = \(nextFrame(turned)), on_tap = go(\(luaString(next)), \"push_left\", 0.35) },\n"
            text += "        },\n"
        } else {
            text += "        elements = {},\n"
        }
        return text + "      },\n"
    }

    /// The starter script: walks the "Next" chain to the last scene with `expect.scene` after
    /// each tap, then goes back once. `prototypePath` is the prototype folder relative to the
    /// script (`".."` for `DIR/Scripts/`).
    public static func starterScript(name: String, prototypePath: String, shots: [Shot]) -> String {
        var text = """
            -- Starter regression script for \(commentText(name)), scaffolded by `sceneflow new`.
            -- Run it headless (no window, virtual clock):  sceneflow test <prototype folder>/Scripts
            -- Gestures wait for the prototype to settle; labels are the elements' accessibility labels.
            prototype \(luaString(prototypePath))

            test("Next walks through every scene", function()

            """
        let scenes = shots.map(\.scene)
        text += "  expect.scene \(luaString(scenes.first ?? "home"))\n"
        for scene in scenes.dropFirst() {
            text += "  tap \"Next\"\n"
            text += "  expect.scene \(luaString(scene))\n"
        }
        text += "end)\n"
        text += landscapeTest(shots)
        if scenes.count >= 2 {
            text += """

                test("back returns to the start scene", function()
                  tap "Next"
                  expect.scene \(luaString(scenes[1]))
                  back()
                  expect.scene \(luaString(scenes[0]))
                end)

                """
        }
        return text
    }

    /// A test that turns the device on the first scene with a landscape variant (reached through
    /// the "Next" chain) and, when there is a next scene, taps the landscape "Next"; empty
    /// when no scene has a landscape variant.
    static func landscapeTest(_ shots: [Shot]) -> String {
        guard let index = shots.firstIndex(where: { $0.landscape != nil }) else { return "" }
        var text = "\ntest(\"turning the device shows the landscape screenshot\", function()\n"
        for shot in shots.prefix(index + 1).dropFirst() {
            text += "  tap \"Next\"\n"
            text += "  expect.scene \(luaString(shot.scene))\n"
        }
        text += "  rotate \"landscape\"\n"
        text += "  expect.scene \(luaString(shots[index].scene))\n"
        if index + 1 < shots.count {
            text += "  tap \"Next\"                 -- the landscape variant's hotspot\n"
            text += "  expect.scene \(luaString(shots[index + 1].scene))\n"
        }
        text += "  rotate \"portrait\"\n"
        return text + "end)\n"
    }

    /// `name` as one line of text, as the prototype's `name` must be: each control character
    /// and line or paragraph separator (a folder named with a line break) becomes a space.
    static func oneLine(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            let v = scalar.value
            let control = v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029
            scalars.append(control ? " " : scalar)
        }
        return String(scalars)
    }
}
