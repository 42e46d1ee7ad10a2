/// A count of work done (units looked at, units shaped) that a stage adds to when given one: tests check with it
/// that a stage's work grows in proportion to its input, without timing anything.
final class WorkCounter {
    var count = 0
}
