/// Why a ZIP archive could not be written.
enum ZipArchiveError: Error, Sendable, Hashable {
    /// More entries than a ZIP file without ZIP64 holds (65,535).
    case tooManyEntries(Int)
    /// An entry, or the archive up to it, reaches the 4 GB that a ZIP file without ZIP64 holds.
    case tooLarge(String)
    /// zlib refused to compress an entry, with its return code.
    case compressionFailed(String, Int32)
}
