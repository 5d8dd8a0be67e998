/// One image file a prototype draws, with the table path that names it in `prototype.lua`.
public struct ImageReference: Equatable, Sendable {
    /// The table path naming the file, e.g. `scenes.home.landscape.image` or
    /// `scenes.home.elements[2].pressed` (element indices count from 1, as in Lua).
    public var path: String
    /// The file, relative to the prototype folder.
    public var image: String
    /// Where the screen lies in it: a scene's or landscape variant's `screen`; the whole
    /// image for pressed looks and star images.
    public var screen: ScreenArea

    /// Creates a reference.
    public init(path: String, image: String, screen: ScreenArea = .wholeImage) {
        self.path = path
        self.image = image
        self.screen = screen
    }
}

extension Prototype {
    /// Every image the prototype may draw, in declaration order: each scene's screenshot, its
    /// landscape variant's screenshot, and the pressed looks and star images of the elements of
    /// both. Commands check all of them up front (`check` decodes them), so a corrupt landscape
    /// screenshot or pressed image is reported by file and table path before anything is shown.
    public var imageReferences: [ImageReference] {
        var result: [ImageReference] = []
        for scene in orderedScenes {
            let base = "scenes.\(scene.name)"
            result.append(ImageReference(path: base + ".image", image: scene.image, screen: scene.screen))
            result += Self.elementImages(scene.elements, path: base + ".elements")
            if let variant = scene.design.landscape {
                result.append(
                    ImageReference(path: base + ".landscape.image", image: variant.image, screen: variant.screen))
                result += Self.elementImages(variant.elements, path: base + ".landscape.elements")
            }
        }
        return result
    }

    /// The pressed looks, state images and star images of `elements`, named under `path`.
    private static func elementImages(_ elements: [Element], path: String) -> [ImageReference] {
        var result: [ImageReference] = []
        for (index, element) in elements.enumerated() {
            let base = "\(path)[\(index + 1)]"
            if let pressed = element.design.pressed {
                result.append(ImageReference(path: base + ".pressed", image: pressed))
            }
            if let control = element.control?.stateControl {
                for state in control.states {
                    if let image = control.images[state] {
                        result.append(ImageReference(path: base + ".states.\(state)", image: image))
                    }
                }
            }
            if let rating = element.control?.starRating {
                if let star = rating.starImage { result.append(ImageReference(path: base + ".star", image: star)) }
                if let lit = rating.highlightedImage {
                    result.append(ImageReference(path: base + ".star_highlighted", image: lit))
                }
            }
        }
        return result
    }
}
