extension MustacheValue {
    /// The address of the object field for `key`, valid while this value lives; `nil` when this
    /// is no object or has no such field.
    func fieldPointer(_ key: LookupKey) -> UnsafePointer<MustacheValue>? {
        guard case .object(let object) = self else { return nil }
        return object.storage.valuePointer(forKey: key.name, hash: key.hash)
    }
}
