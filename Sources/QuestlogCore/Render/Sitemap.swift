/// `sitemap.xml` for search engines, written when the site has a base URL.
enum Sitemap {
    static func xml(baseURL: String, pages: [String]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for page in pages.sorted() where page != "404.html" {
            let location = page.hasSuffix("index.html") ? String(page.dropLast("index.html".count)) : page
            xml += "  <url><loc>\(escape(baseURL + location))</loc></url>\n"
        }
        return xml + "</urlset>\n"
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&apos;")
    }
}
