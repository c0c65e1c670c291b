import DuetPlatform

/// Dates in the dialect: ISO-8601 UTC with exactly three fractional digits (`2026-07-02T09:30:00.000Z`).
///
/// Sub-millisecond precision is floored, never rounded, so Swift and Kotlin (whose clocks carry
/// different precision) agree on the bytes. Formatting is done by hand: no formatter, no locale.
public enum CanonicalDate {
  /// The dialect spelling of `date`.
  public static func format(_ date: Date) -> String {
    let millis = flooredMillis(date)
    let days = floorDivide(millis, 86_400_000)
    let millisOfDay = millis - days * 86_400_000
    let (year, month, day) = civil(fromDays: days)
    let hours = millisOfDay / 3_600_000
    let minutes = millisOfDay / 60_000 % 60
    let seconds = millisOfDay / 1000 % 60
    let fraction = millisOfDay % 1000
    return
      "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hours, 2)):\(pad(minutes, 2)):\(pad(seconds, 2)).\(pad(fraction, 3))Z"
  }

  /// Parses exactly the dialect spelling; anything else is `nil`.
  public static func parse(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count == 24, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
      bytes[19] == UInt8(ascii: "."), bytes[23] == UInt8(ascii: "Z")
    else { return nil }
    func number(_ range: Range<Int>) -> Int64? {
      var value: Int64 = 0
      for index in range {
        let byte = bytes[index]
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int64(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      let millis = number(20..<23), (1...12).contains(month), (1...31).contains(day), hour < 24,
      minute < 60, second < 60
    else { return nil }
    let days = days(fromCivil: year, month, day)
    guard civil(fromDays: days) == (year, month, day) else { return nil }
    let total = ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millis
    return Date(timeIntervalSince1970: Double(total) / 1000)
  }

  /// Milliseconds since the epoch, floored. A value within a microsecond of a whole millisecond is
  /// that millisecond: `Date` stores a `Double`, so `.123` may be held as `.12299999…`.
  static func flooredMillis(_ date: Date) -> Int64 {
    let scaled = date.timeIntervalSince1970 * 1000
    let nearest = scaled.rounded()
    return Int64(abs(scaled - nearest) < 0.001 ? nearest : scaled.rounded(.down))
  }

  static func pad(_ value: Int64, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }

  static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    a >= 0 ? a / b : (a - b + 1) / b
  }

  /// Days since 1970-01-01 → (year, month, day), proleptic Gregorian (Howard Hinnant's algorithm).
  static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
    let shifted = days + 719_468
    let era = floorDivide(shifted, 146_097)
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// (year, month, day) → days since 1970-01-01.
  static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
    let adjustedYear = month <= 2 ? year - 1 : year
    let era = floorDivide(adjustedYear, 400)
    let yearOfEra = adjustedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
