import Testing
@testable import TypesetCore

/// Where a background layer's copies go (CSS Backgrounds 3 §3.6–3.9), over a generated family of areas and image
/// sizes: `contain` fits and `cover` covers with the ratio kept, touching the area on one axis; a percentage puts
/// that point of the image on that point of the area; `round` fills the area with a whole number of copies;
/// `space` puts whole copies at both edges; repeated copies reach the whole painting area.
@Suite struct BackgroundTilingTests {
    static let areas = [Rect(x: 10, y: 20, width: 200, height: 50), Rect(x: 0, y: 0, width: 60, height: 180),
                        Rect(x: 5.5, y: 7.25, width: 100, height: 100)]
    static let images = [Size(width: 20, height: 10), Size(width: 7, height: 30), Size(width: 64, height: 64)]

    static func layer(_ size: BackgroundLayer.Sizing, _ repeatX: BackgroundLayer.Repeat = .noRepeat,
                      _ repeatY: BackgroundLayer.Repeat = .noRepeat, x: BackgroundLayer.Position = .start,
                      y: BackgroundLayer.Position = .start) -> BackgroundLayer {
        BackgroundLayer(source: "i.png", size: size, repeatX: repeatX, repeatY: repeatY, x: x, y: y)
    }

    @Test(arguments: areas, images) func containFitsAndCoverCovers(_ area: Rect, _ image: Size) {
        let contain = Self.layer(.contain).tiling(area: area, clip: area, natural: image, emSize: 16)
        let cover = Self.layer(.cover).tiling(area: area, clip: area, natural: image, emSize: 16)
        for (tiling, fits) in [(contain, true), (cover, false)] {
            #expect(abs(tiling.tileWidth / tiling.tileHeight - image.width / image.height) < 1e-9, "the ratio is kept")
            let touchesX = abs(tiling.tileWidth - area.width) < 1e-9, touchesY = abs(tiling.tileHeight - area.height) < 1e-9
            #expect(touchesX || touchesY)
            if fits { #expect(tiling.tileWidth <= area.width + 1e-9 && tiling.tileHeight <= area.height + 1e-9) }
            else { #expect(tiling.tileWidth >= area.width - 1e-9 && tiling.tileHeight >= area.height - 1e-9) }
        }
    }

    @Test(arguments: areas, [0.0, 25, 50, 100]) func aPercentagePutsThatPointOnThatPoint(_ area: Rect, _ percent: Double) {
        let image = Size(width: 20, height: 10)
        let position = BackgroundLayer.Position(offset: .percent(percent))
        let tiling = Self.layer(.auto, x: position, y: position).tiling(area: area, clip: area, natural: image, emSize: 16)
        // The point `percent` across the image lies on the point `percent` across the area.
        #expect(abs(tiling.xs[0] + image.width * percent / 100 - (area.minX + area.width * percent / 100)) < 1e-9)
        #expect(abs(tiling.ys[0] + image.height * percent / 100 - (area.minY + area.height * percent / 100)) < 1e-9)
        // From the end edge: `right 0` is `100%`, an offset in ems measured from the right.
        let fromRight = Self.layer(.auto, x: .init(offset: .ems(1), fromEnd: true)).tiling(area: area, clip: area, natural: image, emSize: 16)
        #expect(abs(fromRight.xs[0] - (area.maxX - 16 - image.width)) < 1e-9)
    }

    @Test(arguments: areas, images) func roundAndSpaceAndRepeat(_ area: Rect, _ image: Size) {
        let round = Self.layer(.auto, .round, .round).tiling(area: area, clip: area, natural: image, emSize: 16)
        let across = area.width / round.tileWidth, down = area.height / round.tileHeight
        #expect(abs(across - across.rounded()) < 1e-9 && abs(down - down.rounded()) < 1e-9, "a whole number of copies")
        #expect(abs(round.xs[0] - area.minX) < 1e-9)

        let space = Self.layer(.auto, .space, .space).tiling(area: area, clip: area, natural: image, emSize: 16)
        if area.width >= 2 * image.width {
            #expect(abs(space.xs[0] - area.minX) < 1e-9 && abs((space.xs.last ?? 0) + image.width - area.maxX) < 1e-9)
            #expect(space.xs.count == Int((area.width / image.width).rounded(.down)))
        }

        // Repeated copies cover a painting area larger than the positioning area, from before its start.
        let clip = Rect(x: area.minX - 3, y: area.minY - 3, width: area.width + 6, height: area.height + 6)
        let repeated = Self.layer(.auto, .repeat, .repeat, x: .init(offset: .percent(50)))
            .tiling(area: area, clip: clip, natural: image, emSize: 16)
        #expect((repeated.xs.first ?? .infinity) <= clip.minX && (repeated.xs.last ?? 0) + image.width >= clip.maxX)
        #expect((repeated.ys.first ?? .infinity) <= clip.minY && (repeated.ys.last ?? 0) + image.height >= clip.maxY)
        #expect(zip(repeated.xs, repeated.xs.dropFirst()).allSatisfy { abs($1 - $0 - image.width) < 1e-9 })
    }

    /// `auto` sizes from the image: its own size, one side from the other by its ratio, and the area's size for
    /// an image without one (an SVG without width and height).
    @Test func autoSizes() {
        let area = Rect(x: 0, y: 0, width: 200, height: 50), image = Size(width: 20, height: 10)
        let own = Self.layer(.auto).tiling(area: area, clip: area, natural: image, emSize: 16)
        #expect(own.tileWidth == 20 && own.tileHeight == 10)
        let byWidth = Self.layer(.explicit(width: .percent(50), height: nil)).tiling(area: area, clip: area, natural: image, emSize: 16)
        #expect(byWidth.tileWidth == 100 && byWidth.tileHeight == 50)
        let sizeless = Self.layer(.auto).tiling(area: area, clip: area, natural: nil, emSize: 16)
        #expect(sizeless.tileWidth == 200 && sizeless.tileHeight == 50)
        let none = Self.layer(.explicit(width: .ems(0), height: nil)).tiling(area: area, clip: area, natural: image, emSize: 16)
        #expect(none.xs.isEmpty, "a copy of no width is not drawn")
    }
}
