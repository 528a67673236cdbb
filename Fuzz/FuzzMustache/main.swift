import FuzzSupport
import Mustache

// Templates that include one another: the input, split at NUL bytes, gives the main template, a
// partial `p` and a parent `layout`, rendered with data of every kind whose strings come from
// the input too. Compile and render errors are expected; crashes and hangs are not.
FuzzDriver.run { input in
    let parts = input.split(separator: 0, maxSplits: 3, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    func part(_ index: Int) -> String { index < parts.count ? parts[index] : "" }
    let text = MustacheValue.string(part(3))
    let item: MustacheValue = ["name": text, "flag": true, "n": 0, "x": 1.5, "empty": [], "nothing": nil]
    let data: MustacheValue = [
        "name": text, "html": "<b>&amp;</b>", "yes": true, "no": false, "zero": 0, "number": 42, "pi": 3.14,
        "list": [item, item, "plain", 7, [text]], "object": item, "nested": ["deeper": item, "list": [item]],
        "empty": [], "nothing": nil,
    ]
    let library = MustacheLibrary(templates: ["main": part(0), "p": part(1), "layout": part(2)])
    for strict in [false, true] {
        let chosen = strict ? MustacheLibrary(templates: ["main": part(0), "p": part(1), "layout": part(2)], strict: true) : library
        if let template = try? chosen.template(named: "main") {
            _ = try? chosen.render(template, with: data)
        }
    }
}
