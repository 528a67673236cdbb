@testable import Markdown
import Testing

struct HTMLCharacterReferenceTests {
    @Test(arguments: [
        ("&#106;&#x61;&#X76;", "jav"),
        ("&#0000106&#x0061", "ja"),
        ("&colon;&Tab;&NewLine;&amp;&lt;&gt;&quot;", ":\t\n&<>\""),
        ("&amp &copy", "& ©"),
        ("&#0;&#xD800;&#x110000;&#99999999999999999999;", "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
        ("&unknown; & &# &#x; &colon", "&unknown; & &# &#x; &colon"),
    ])
    func decodes(_ text: String, _ expected: String) {
        #expect(HTMLCharacterReference.decode(text) == expected)
    }
}
