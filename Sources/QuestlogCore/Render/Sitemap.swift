/// `sitemap.xml` and `robots.txt` for search engines, written when the site has a base URL.
enum Sitemap {
    /// One `<url>` per page but the 404 page, with `lastmod` when `lastModified` knows the page's date.
    static func xml(baseURL: String, pages: [String], lastModified: (String) -> String? = { _ in nil }) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for page in pages.sorted() where page != "404.html" {
            let location = page.hasSuffix("index.html") ? String(page.dropLast("index.html".count)) : page
            if let date = lastModified(page) {
                xml += "  <url><loc>\(escape(baseURL + location))</loc><lastmod>\(date)</lastmod></url>\n"
            } else {
                xml += "  <url><loc>\(escape(baseURL + location))</loc></url>\n"
            }
        }
        return xml + "</urlset>\n"
    }

    /// Every crawler may read everything; the sitemap is named with its absolute URL.
    static func robots(baseURL: String) -> String {
        "User-agent: *\nAllow: /\n\nSitemap: \(baseURL)sitemap.xml\n"
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&apos;")
    }
}
