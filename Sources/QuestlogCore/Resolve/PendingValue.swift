/// A checked field value whose references are not resolved yet.
enum PendingValue: Sendable {
    case value(FieldValue)
    case ref(ReferenceText)
    case refs([ReferenceText])
}
