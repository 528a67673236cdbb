extension Double {
    /// `Int(rounded())`, halves away from zero, worked out from the whole part and the rest (both
    /// exact below 2^52) rather than by a call into the C library for each number: pictures and
    /// search scores round hundreds of thousands of them. Past 2^52, and for NaN and the
    /// infinities, `Int(rounded())` itself (which traps where it would).
    @inline(__always)
    var nearestInt: Int {
        guard magnitude < 4.5e15 else { return Int(rounded()) }
        let whole = Int(self)
        let rest = self - Double(whole)
        return rest >= 0.5 ? whole + 1 : rest <= -0.5 ? whole - 1 : whole
    }
}
