import TypesetCore

extension XHTMLConverter {
    /// The background layers of `style` (``CSSBackgroundLayers``), an image given as a `data:` URL served from
    /// memory under a name of the item (`OEBPS/ch1.xhtml#data-3`), as `<img>` data URLs are. A URL that does not
    /// decode (bad base64 or `%` escapes, no comma, more than ``DataURL/maximumByteCount`` bytes) loses its layer,
    /// and the item's warnings say why once.
    mutating func backgroundLayers(_ style: ComputedStyle) -> [BackgroundLayer] {
        let layers = style.background.layers(fontScale: style.fontScale, currentColor: style.color, relativeTo: path)
        guard layers.contains(where: { $0.source.map(DataURL.isDataURL) == true }) else { return layers }
        return layers.compactMap { layer in
            guard let source = layer.source, DataURL.isDataURL(source) else { return layer }
            var layer = layer
            if let known = backgroundDataNames[source] {
                guard let known else { return nil }
                layer.image = .entry(known)
                return layer
            }
            dataURLCount += 1
            do throws(DataURL.Problem) {
                let bytes = try DataURL(source).bytes
                let name = path + "#data-\(dataURLCount)"
                output.backgroundData[name] = bytes
                backgroundDataNames[source] = .some(name)
                layer.image = .entry(name)
                return layer
            } catch {
                backgroundDataNames[source] = .some(nil)
                output.backgroundProblems.append("background image \(dataURLCount) given as a data: URL " + DataURL.describe(error)
                                                 + "; it is not drawn")
                return nil
            }
        }
    }
}
