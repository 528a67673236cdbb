/// Carries a result from the thread that computes it to the one waiting on the semaphore.
final class ResultBox<Value>: @unchecked Sendable {
    // Unchecked: written before the semaphore is signalled, read after it is waited on.
    var value: Value?
}
