/// Laying a fixed page's flow and positioned boxes out (CSS 2.1 §10.3.7 and §10.6.4, see `PositionedBox`).
extension FixedPage {
    /// A run of paragraphs laid out: the layout, where its paragraphs are in the book, its lines on the page.
    struct Laid {
        var layout: BookLayout
        var segments: [Segment]
        var lines: [Line]
        /// The index of the first line starting at or after `local` (lines are in text order: one column).
        func firstLine(atOrAfter local: Int) -> Int {
            FixedPage.partition(lines.count) { lines[$0].range.lowerBound >= local }
        }

        /// The right edge of its widest line and the bottom of its last (its content's size).
        var extent: Size {
            Size(width: lines.map(\.rect.maxX).max() ?? 0, height: lines.map(\.rect.maxY).max() ?? 0)
        }
    }

    /// The first index of `0..<count` where `isAfter` holds, all after it holding too (binary search).
    static func partition(_ count: Int, _ isAfter: (Int) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    struct Builder {
        let text: StyledText
        let typesetter: Typesetter
        let settings: TypographySettings
        let viewport: Size
        /// Each placed box's laid-out content, by box index.
        var contents: [Laid?] = []

        init(text: StyledText, typesetter: Typesetter, settings: TypographySettings, viewport: Size) {
            self.text = text; self.typesetter = typesetter; self.settings = settings; self.viewport = viewport
        }

        /// `paragraphs` as a text of their own starting at 0, laid out on a page of `size` inside `margins`. An empty
        /// list is laid out as an empty text (a page with no lines).
        func layOut(_ paragraphs: [Paragraph], size: Size, margins: EdgeInsets) throws -> Laid {
            var local = 0
            var rebased: [Paragraph] = [], segments: [Segment] = []
            for paragraph in paragraphs {
                rebased.append(Paragraph(start: local, units: paragraph.units, contentRange: paragraph.contentRange,
                                         runs: paragraph.runs, style: paragraph.style))
                segments.append(Segment(local: local, book: paragraph.range.lowerBound, length: paragraph.units.count))
                local += paragraph.units.count
            }
            var item = try StyledText(paragraphs: rebased, language: text.language, title: text.title)
            item.fonts = text.fonts
            // The document's own writing mode (its section's), else the book's.
            item.writingMode = paragraphs.first.flatMap { text.sectionIndex(containing: $0.range.lowerBound) }
                .flatMap(text.writingMode(ofSection:)) ?? text.writingMode
            var page = settings
            page.pageSize = Size(width: max(1, size.width), height: max(1, size.height))
            page.margins = margins
            page.fontSize = 16
            let layout = try typesetter.layout(item, settings: page)
            return Laid(layout: layout, segments: segments, lines: layout.lines(onPage: 0))
        }

        /// Places box `index` (`box`, holding `paragraphs` in flow) in its containing block, its content laid out.
        mutating func place(_ box: PositionedBox, paragraphs: [Paragraph], placed: [Box], boxes: [PositionedBox],
                            flow: (laid: Laid, margins: EdgeInsets)) throws -> Box {
            let (containing, staticPoint) = containingBlock(of: box, placed: placed, boxes: boxes, flow: flow)
            if box.inFlow {
                let rect = flowRect(of: box, placed: placed, boxes: boxes, flow: flow, containing: containing, staticPoint: staticPoint)
                contents.append(nil)
                return Box(rect: rect, decoration: BlockBox(rect: rect), layout: nil, contentOrigin: rect.origin, segments: [])
            }
            let geometry = try resolve(box, paragraphs: paragraphs, containing: containing, staticPoint: staticPoint)
            contents.append(geometry.laid)
            let border = box.borderPoints
            var decoration = BlockBox(rect: geometry.rect, background: box.background, edges: box.border, emSize: 16)
            let paddingBox = Rect(x: geometry.rect.minX + border.left, y: geometry.rect.minY + border.top,
                                  width: max(0, geometry.rect.width - border.left - border.right),
                                  height: max(0, geometry.rect.height - border.top - border.bottom))
            decoration.images = box.images
            decoration.imageArea = paddingBox
            decoration.borderWidths = border
            decoration.padding = box.padding
            decoration.backgroundClip = box.backgroundClip
            decoration.emSize = 16
            if !box.radii.isSquare {
                let radii = box.radii.resolved(size: geometry.rect.size, emSize: 16)
                decoration.radii = radii.isSquare ? nil : radii
            }
            let origin = Point(x: paddingBox.minX + box.padding.left, y: paddingBox.minY + box.padding.top)
            return Box(rect: geometry.rect, decoration: decoration, layout: geometry.laid?.layout, contentOrigin: origin,
                       segments: geometry.laid?.segments ?? [])
        }

        /// The box's containing block (its parent's padding box, else the viewport) and its static position in it:
        /// where its first line would have been in flow (the top of the first line after it of the flow or
        /// parent it is in, else the bottom of their content), at the start of that flow's content.
        func containingBlock(of box: PositionedBox, placed: [Box], boxes: [PositionedBox],
                             flow: (laid: Laid, margins: EdgeInsets)) -> (Rect, Point) {
            if let parent = box.parent, placed.indices.contains(parent) {
                let outer = placed[parent], border = boxes[parent].borderPoints, padding = boxes[parent].padding
                let rect = Rect(x: outer.rect.minX + border.left, y: outer.rect.minY + border.top,
                                width: max(0, outer.rect.width - border.left - border.right),
                                height: max(0, outer.rect.height - border.top - border.bottom))
                let y = contents.indices.contains(parent) ? Self.staticTop(of: box, in: contents[parent]) ?? 0 : 0
                return (rect, Point(x: padding.left, y: padding.top + y))
            }
            let rect = Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)
            return (rect, Point(x: flow.margins.left, y: Self.staticTop(of: box, in: flow.laid) ?? flow.margins.top))
        }

        /// The border box of a box in flow (`position: relative`): across, from its indent in the content of the
        /// flow (or positioned box) it is in, its `width` or the rest of that content's width; down, around the
        /// lines of its text there (above the first by its top padding and border), else at its static position, its
        /// `height` or its lines' height.
        func flowRect(of box: PositionedBox, placed: [Box], boxes: [PositionedBox], flow: (laid: Laid, margins: EdgeInsets),
                      containing: Rect, staticPoint: Point) -> Rect {
            var owner = box.parent
            while let index = owner, boxes.indices.contains(index), boxes[index].inFlow { owner = boxes[index].parent }
            let laid: Laid?, origin: Point, contentWidth: Double
            if let owner, placed.indices.contains(owner), contents.indices.contains(owner) {
                laid = contents[owner]
                origin = placed[owner].contentOrigin
                contentWidth = max(0, placed[owner].rect.width - boxes[owner].padding.left - boxes[owner].padding.right
                    - boxes[owner].borderPoints.left - boxes[owner].borderPoints.right)
            } else {
                laid = flow.laid
                origin = Point(x: flow.margins.left, y: 0)
                contentWidth = max(0, viewport.width - flow.margins.left - flow.margins.right)
            }
            let border = box.borderPoints
            var lines: [Line] = []
            if let laid, let start = FixedPage.local(box.range.lowerBound, in: laid.segments) {
                let end = FixedPage.local(box.range.upperBound, in: laid.segments) ?? Int.max
                var index = laid.firstLine(atOrAfter: start)
                while index < laid.lines.count, laid.lines[index].range.lowerBound < end {
                    lines.append(laid.lines[index])
                    index += 1
                }
            }
            let top = (lines.map(\.rect.minY).min().map { $0 + origin.y - box.padding.top - border.top })
                ?? (containing.minY + staticPoint.y + box.margin.top)
            let linesHeight = (lines.map(\.rect.maxY).max() ?? 0) - (lines.map(\.rect.minY).min() ?? 0)
            let height = box.height.map { max(0, $0.resolved(in: containing.height)) + box.padding.top + box.padding.bottom + border.top + border.bottom }
                ?? (linesHeight + box.padding.top + box.padding.bottom + border.top + border.bottom)
            let width = box.width.map { max(0, $0.resolved(in: contentWidth)) + box.padding.left + box.padding.right + border.left + border.right }
                ?? max(0, contentWidth - box.flowIndent - box.margin.right)
            return Rect(x: origin.x + box.flowIndent, y: top, width: width, height: height)
        }

        /// The top of the first line of `laid` that comes after `box` in the text, else the bottom of its content.
        static func staticTop(of box: PositionedBox, in laid: Laid?) -> Double? {
            guard let laid, !laid.lines.isEmpty else { return nil }
            let next = FixedPage.partition(laid.segments.count) { laid.segments[$0].book >= box.range.upperBound }
            guard next < laid.segments.count else { return laid.extent.height }
            let line = laid.firstLine(atOrAfter: laid.segments[next].local)
            return line < laid.lines.count ? laid.lines[line].rect.minY : laid.extent.height
        }

        /// The box's border box in viewport points and its content laid out: CSS 2.1 §10.3.7 across (an `auto`
        /// width between `left` and `right` fills the room, else shrinks to fit in the room there is), §10.6.4 down.
        mutating func resolve(_ box: PositionedBox, paragraphs: [Paragraph], containing: Rect,
                              staticPoint: Point) throws -> (rect: Rect, laid: Laid?) {
            let margin = box.margin, padding = box.padding, border = box.borderPoints
            let extraX = margin.left + margin.right + padding.left + padding.right + border.left + border.right
            let extraY = margin.top + margin.bottom + padding.top + padding.bottom + border.top + border.bottom
            var left = box.left?.resolved(in: containing.width)
            let right = box.right?.resolved(in: containing.width)
            var width = box.width.map { max(0, $0.resolved(in: containing.width)) }
            let fixedHeight = box.height.map { max(0, $0.resolved(in: containing.height)) }
            let pageHeight = max(viewport.height, fixedHeight ?? 0)
            func content(_ width: Double) throws -> Laid? {
                paragraphs.isEmpty ? nil : try layOut(paragraphs, size: Size(width: width, height: pageHeight),
                                                      margins: EdgeInsets(all: 0))
            }
            var laid: Laid?
            if width == nil, let left, let right {
                width = max(0, containing.width - left - right - extraX)
            } else if width == nil {
                // Shrink to fit: the content's widest line in the room there is (CSS 2.1 §10.3.7 rules 1 and 3).
                let room = max(1, containing.width - (left ?? (right == nil ? staticPoint.x : 0)) - (right ?? 0) - extraX)
                laid = try content(room)
                let fit = min(room, (laid?.extent.width ?? 0).rounded(.up))
                if fit < room, laid != nil { laid = try content(fit) }
                width = fit
            }
            let usedWidth = width ?? 0
            if laid == nil { laid = try content(usedWidth) }
            if left == nil { left = right.map { containing.width - $0 - usedWidth - extraX } ?? staticPoint.x }
            var top = box.top?.resolved(in: containing.height)
            let bottom = box.bottom?.resolved(in: containing.height)
            var height = fixedHeight
            if height == nil, let top, let bottom { height = max(0, containing.height - top - bottom - extraY) }
            let usedHeight = height ?? laid?.extent.height ?? 0
            if top == nil { top = bottom.map { containing.height - $0 - usedHeight - extraY } ?? staticPoint.y }
            let rect = Rect(x: containing.minX + (left ?? 0) + margin.left, y: containing.minY + (top ?? 0) + margin.top,
                            width: usedWidth + padding.left + padding.right + border.left + border.right,
                            height: usedHeight + padding.top + padding.bottom + border.top + border.bottom)
            return (rect, laid)
        }
    }
}
