import FuzzSupport
import Markdown

// A note rendered with every option: the first byte picks raw HTML, offsets and callout
// titles; wiki links get every kind of resolution and link URLs every kind of rewrite, chosen by
// their text. Comments are removed first, as the loader does, and the summary is made too.
FuzzDriver.run { input in
    let flags = input.first ?? 0
    let source = MarkdownRenderer.removingComments(String(decoding: input.dropFirst(), as: UTF8.self))
    let options = MarkdownOptions(unsafeHTML: flags & 1 != 0, lineOffset: Int(flags >> 4), headingOffset: Int(flags >> 1 & 3),
                                  calloutTitles: flags & 8 != 0 ? ["note": "<Note & \"title\">", "spoiler": ""] : [:])
    let rendered = MarkdownRenderer.render(source, options: options, resolve: { link in
        switch link.target.unicodeScalars.count % 6 {
        case 0: return .resolved(href: "page.html#" + link.target, title: link.target)
        case 1: return .unresolved
        case 2: return .text
        case 3: return .image(src: link.target, alt: link.label ?? "<alt>", width: link.label.flatMap { Int($0) })
        case 4: return .embed(href: "e.html", title: link.target, previewHTML: MarkdownRenderer.summary(link.target).html)
        default: return .resolved(href: "javascript:x()", title: "")
        }
    }, rewriteURL: { url in
        switch url.url.unicodeScalars.count % 3 {
        case 0: return .keep
        case 1: return .replace("../" + url.url)
        default: return .remove
        }
    })
    precondition(rendered.wikiLinks.allSatisfy { $0.line >= 1 && $0.column >= 1 }, "a wiki link outside the note")
    _ = MarkdownRenderer.summary(source, options: options)
    _ = MarkdownRenderer.wikiLinks(in: source, options: options)
}
