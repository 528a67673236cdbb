/// One parser event, copied out of libyaml into Swift values so that no C pointer outlives the
/// read that produced it. Marks are already 1-based and offset.
enum YAMLEvent: Sendable, Equatable {
    case streamStart
    case streamEnd
    case documentStart(Mark)
    case documentEnd
    case alias(anchor: String, mark: Mark)
    case scalar(String, style: ScalarStyle, tag: String?, anchor: String?, mark: Mark)
    case sequenceStart(tag: String?, anchor: String?, mark: Mark)
    case sequenceEnd
    case mappingStart(tag: String?, anchor: String?, mark: Mark)
    case mappingEnd
}
