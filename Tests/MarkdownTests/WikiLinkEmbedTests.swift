import Testing
@testable import Markdown

@Suite struct WikiLinkEmbedTests {
    private func render(_ source: String, _ resolve: (WikiLink) -> WikiLinkResolution) -> RenderedMarkdown {
        MarkdownRenderer.render(source, resolve: resolve)
    }

    @Test func embedsAreRecognisedAndPositioned() {
        let links = MarkdownRenderer.wikiLinks(in: "See ![[map.png|300]] and ![[Entry]] [[Page]]")
        #expect(links == [
            WikiLink(target: "map.png", label: "300", line: 1, column: 5, isEmbed: true),
            WikiLink(target: "Entry", label: nil, line: 1, column: 26, isEmbed: true),
            WikiLink(target: "Page", label: nil, line: 1, column: 37, isEmbed: false),
        ])
    }

    @Test func anEscapedOrDistantBangIsNoEmbed() {
        let links = MarkdownRenderer.wikiLinks(in: #"\![[a]] ! [[b]] !!![[c]] &#33;[[d]]"#)
        #expect(links.map(\.isEmbed) == [false, false, true, false])
        #expect(html(#"\![[a]]"#) == "<p>!\(unresolvedOpening)a</span></p>\n")
    }

    @Test func headingTargetsPassThrough() {
        let links = MarkdownRenderer.wikiLinks(in: "[[Page#Heading]] [[#Heading]] [[Page#Heading|label]] ![[Page#Heading]]")
        #expect(links.map(\.target) == ["Page#Heading", "#Heading", "Page#Heading", "Page#Heading"])
        #expect(links.map(\.label) == [nil, nil, "label", nil])
    }

    @Test func images() {
        let rendered = render("![[map.png|300]] ![[icon.png]]") { link in
            link.target == "map.png" ? .image(src: "img/map.png", alt: "Map", width: 300) : .image(src: "i.png", alt: "", width: nil)
        }
        #expect(rendered.html == #"<p><img src="img/map.png" alt="Map" loading="lazy" width="300"> <img src="i.png" alt="" loading="lazy"></p>"# + "\n")
    }

    @Test func imageAttributesAreEscapedAndChecked() {
        let hostile = render("![[x]]") { _ in .image(src: #"a" onerror="alert(1)"#, alt: "<b>&'", width: nil) }.html
        #expect(hostile == #"<p><img src="a&quot; onerror=&quot;alert(1)" alt="&lt;b&gt;&amp;&#39;" loading="lazy"></p>"# + "\n")
        #expect(render("![[x]]") { _ in .image(src: "javascript:alert(1)", alt: "", width: 0) }.html
            == #"<p><img src="" alt="" loading="lazy"></p>"# + "\n")
    }

    @Test func previews() {
        let preview = MarkdownRenderer.summary("Margit guards **Stormveil**.").html
        let rendered = render("Read ![[Margit]].") { _ in .embed(href: "npcs/margit.html", title: "Margit <the Omen>", previewHTML: preview) }
        #expect(rendered.html == """
        <p>Read <span class="embed"><a class="embed-title" href="npcs/margit.html">Margit &lt;the Omen&gt;</a> \
        <span class="embed-preview">Margit guards <strong>Stormveil</strong>.</span></span>.</p>

        """)
        #expect(rendered.plainText == "Read Margit <the Omen>.")
    }

    @Test func embedsInTableCells() {
        let rendered = render("| a |\n|---|\n| ![[x]] and ![[y]] |") { link in
            link.target == "x" ? .embed(href: "x.html", title: "X", previewHTML: "p") : .image(src: "y.png", alt: "y", width: nil)
        }
        #expect(rendered.html.contains(#"<td><span class="embed"><a class="embed-title" href="x.html">X</a> <span class="embed-preview">p</span></span> and <img src="y.png" alt="y" loading="lazy"></td>"#))
    }

    @Test func unresolvedEmbedsShowTheirTarget() {
        #expect(html("![[Missing]] ![[Gone|label]]") == "<p>\(unresolvedOpening)Missing</span> \(unresolvedOpening)label</span></p>\n")
    }
}
