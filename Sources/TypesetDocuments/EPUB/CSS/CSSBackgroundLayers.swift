import TypesetCore

/// An element's background longhands as the cascade left them (not inherited), until ``layers(fontScale:currentColor:relativeTo:)``
/// makes its image layers: as many as `background-image` lists, the other lists repeated to match (CSS
/// Backgrounds 3 §3.1).
struct CSSBackgroundLayers: Sendable {
    var images: [CSSBackgroundImage?] = []
    var repeats: [CSSBackgroundDeclaration.Repeat] = []
    var positions: [CSSBackgroundDeclaration.Position] = []
    var sizes: [CSSBackgroundDeclaration.Size] = []
    var origins: [BackgroundLayer.Area] = []
    var clips: [BackgroundLayer.Area] = []

    /// Whether some layer has an image.
    var hasImage: Bool { images.contains { $0 != nil } }

    mutating func apply(_ declaration: CSSBackgroundDeclaration) {
        switch declaration {
        case .images(let value): images = value
        case .repeats(let value): repeats = value
        case .positions(let value): positions = value
        case .sizes(let value): sizes = value
        case .origins(let value): origins = value
        case .clips(let value): clips = value
        }
    }

    /// The box the background colour is cut to: the bottom layer's `background-clip` (CSS Backgrounds 3 §3.2; a
    /// `background-image: none` is one layer).
    var colorClip: BackgroundLayer.Area {
        guard !clips.isEmpty else { return .borderBox }
        return clips[(max(1, images.count) - 1) % clips.count]
    }

    /// The layers with an image, first on top, lengths in ems of the body for an element whose font is
    /// `fontScale` times the body's; images not yet resolved (a `style` attribute's) are resolved against the
    /// document `path`; a gradient's `currentColor` is `currentColor` (nil: the theme's text colour).
    func layers(fontScale: Double, currentColor: Color?, relativeTo path: String) -> [BackgroundLayer] {
        func length(_ value: CSSLength) -> BackgroundLayer.Length { value.layerLength(fontScale: fontScale) ?? .ems(0) }
        func axis(_ value: CSSBackgroundDeclaration.Position.Axis) -> BackgroundLayer.Position {
            BackgroundLayer.Position(offset: length(value.offset), fromEnd: value.fromEnd)
        }
        var result: [BackgroundLayer] = []
        for (index, image) in images.enumerated() {
            var layer: BackgroundLayer
            switch image?.resolved(relativeTo: path) {
            case .url(let source, _)?: layer = BackgroundLayer(source: source)
            case .gradient(let gradient)?:
                guard let drawn = gradient.gradient(fontScale: fontScale, currentColor: currentColor) else { continue }
                layer = BackgroundLayer(image: .gradient(drawn))
            case nil: continue
            }
            if !repeats.isEmpty {
                let value = repeats[index % repeats.count]
                layer.repeatX = value.x; layer.repeatY = value.y
            }
            if !positions.isEmpty {
                let value = positions[index % positions.count]
                layer.x = axis(value.x); layer.y = axis(value.y)
            }
            if !origins.isEmpty { layer.origin = origins[index % origins.count] }
            if !clips.isEmpty { layer.clip = clips[index % clips.count] }
            if !sizes.isEmpty {
                switch sizes[index % sizes.count] {
                case .contain: layer.size = .contain
                case .cover: layer.size = .cover
                case .explicit(let width, let height): layer.size = .explicit(width: width.map(length), height: height.map(length))
                }
            }
            result.append(layer)
        }
        return result
    }
}
