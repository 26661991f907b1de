// The part of Apple's SwiftUI (and of the CoreGraphics types it re-exports) that
// `halo export --swiftui` emits, declared with the signatures of Apple's documentation
// (developer.apple.com/documentation/swiftui) so that exported files can be type-checked
// on Linux, where SwiftUI does not exist. Declarations only: nothing here draws. Add a
// declaration here, with its documented signature, when the exporter starts emitting it.
// `#Preview` is a macro, whose expansion needs Apple's compiler plugin: the tests check a
// preview's body as the body of a `@ViewBuilder` function instead.
@_exported import Foundation

// MARK: - Views and builders

@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@resultBuilder public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent()
    }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent()
    }
}

/// What an `if`/`else` in a view builder gives.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    public var body: Never { fatalError() }
}

public struct EmptyView: View {
    public init() {}
    public var body: Never { fatalError() }
}

public struct TupleView<T>: View {
    public var value: T
    public init(_ value: T) { self.value = value }
    public var body: Never { fatalError() }
}

/// What a modifier returns (SwiftUI's ModifiedContent, its modifier left out).
public struct ModifiedContent<Content>: View {
    public var content: Content
    public init(_ content: Content) { self.content = content }
    public var body: Never { fatalError() }
}

public struct Alignment: Equatable, Sendable {
    public static let center = Alignment(), leading = Alignment(), trailing = Alignment()
    public static let topLeading = Alignment()
}

public struct HorizontalAlignment: Equatable, Sendable {
    public static let center = HorizontalAlignment(), leading = HorizontalAlignment(), trailing = HorizontalAlignment()
}

public enum TextAlignment: Hashable, Sendable { case leading, center, trailing }

public enum Edge: Int8, Sendable {
    case top, leading, bottom, trailing
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let all = Set(rawValue: 15), horizontal = Set(rawValue: 10), vertical = Set(rawValue: 5)
    }
}

public struct ZStack<Content: View>: View {
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

public struct VStack<Content: View>: View {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

extension View {
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View { ModifiedContent(self) }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { ModifiedContent(self) }
    public func clipped(antialiased: Bool = false) -> some View { ModifiedContent(self) }
    public func blur(radius: CGFloat, opaque: Bool = false) -> some View { ModifiedContent(self) }
    public func opacity(_ opacity: Double) -> some View { ModifiedContent(self) }
    public func compositingGroup() -> some View { ModifiedContent(self) }
    public func fixedSize() -> some View { ModifiedContent(self) }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { ModifiedContent(self) }
    public func font(_ font: Font?) -> some View { ModifiedContent(self) }
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
                      idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center) -> some View { ModifiedContent(self) }
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View { ModifiedContent(self) }
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { ModifiedContent(self) }
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View { ModifiedContent(self) }
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { ModifiedContent(self) }
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { ModifiedContent(self) }
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { ModifiedContent(self) }
    public func lineSpacing(_ lineSpacing: CGFloat) -> some View { ModifiedContent(self) }
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View { ModifiedContent(self) }
    public func modifier<T: ViewModifier>(_ modifier: T) -> some View { ModifiedContent(self) }
}

@MainActor @preconcurrency public protocol ViewModifier {
    associatedtype Body: View
    @ViewBuilder func body(content: Self.Content) -> Self.Body
    typealias Content = _ViewModifier_Content<Self>
}

/// The content a view modifier is applied to.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public var body: Never { fatalError() }
}

// MARK: - Buttons

public struct Button<Label: View>: View {
    public var body: Never { fatalError() }
}

extension Button where Label == Text {
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {}
}

@MainActor @preconcurrency public protocol ButtonStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = ButtonStyleConfiguration
}

public struct ButtonStyleConfiguration {
    public struct Label: View {
        public var body: Never { fatalError() }
    }
    public let label: ButtonStyleConfiguration.Label
    public let isPressed: Bool
}

// MARK: - State, environment, time

@propertyWrapper public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) { wrappedValue = value }
    public var wrappedValue: Value
}

@propertyWrapper public struct Environment<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { fatalError() }
    public var wrappedValue: Value { fatalError() }
}

public protocol DynamicProperty {}

public struct EnvironmentValues {
    public var accessibilityReduceMotion: Bool { false }
}

public protocol TimelineSchedule {}

public struct AnimationTimelineSchedule: TimelineSchedule {}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
    public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }
}

public struct TimelineViewDefaultContext {
    public let date: Date
}

public struct TimelineView<Schedule: TimelineSchedule, Content: View>: View {
    public typealias Context = TimelineViewDefaultContext
    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content) {}
    public var body: Never { fatalError() }
}

// MARK: - Shapes

public enum RoundedCornerStyle: Equatable, Sendable {
    case circular, continuous
}

public protocol Shape: View, Sendable {}

public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    func inset(by amount: CGFloat) -> InsetShape
}

public struct FillStyle: Equatable {
    public init(eoFill: Bool = false, antialiased: Bool = true) {}
}

public struct StrokeStyle: Equatable {
    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10,
                dash: [CGFloat] = [CGFloat](), dashPhase: CGFloat = 0) {}
}

extension Shape {
    public func fill<S: ShapeStyle>(_ content: S, style: FillStyle = FillStyle()) -> some View { ModifiedContent(self) }
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> some View { ModifiedContent(self) }
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true) -> some View { ModifiedContent(self) }
}

extension InsettableShape {
    public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> some View { ModifiedContent(self) }
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true) -> some View { ModifiedContent(self) }
}

/// A shape inset by an amount (SwiftUI's own inset shapes are private types).
public struct _InsetShape<Base: InsettableShape>: InsettableShape {
    public func inset(by amount: CGFloat) -> _InsetShape<Base> { self }
    public var body: Never { fatalError() }
}

public struct Rectangle: InsettableShape {
    public init() {}
    public func inset(by amount: CGFloat) -> _InsetShape<Rectangle> { _InsetShape() }
    public var body: Never { fatalError() }
}

public struct Ellipse: InsettableShape {
    public init() {}
    public func inset(by amount: CGFloat) -> _InsetShape<Ellipse> { _InsetShape() }
    public var body: Never { fatalError() }
}

public struct Capsule: InsettableShape {
    public init(style: RoundedCornerStyle = .continuous) {}
    public func inset(by amount: CGFloat) -> _InsetShape<Capsule> { _InsetShape() }
    public var body: Never { fatalError() }
}

public struct RoundedRectangle: InsettableShape {
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {}
    public func inset(by amount: CGFloat) -> _InsetShape<RoundedRectangle> { _InsetShape() }
    public var body: Never { fatalError() }
}

public struct UnevenRoundedRectangle: InsettableShape {
    public init(topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
                topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous) {}
    public func inset(by amount: CGFloat) -> _InsetShape<UnevenRoundedRectangle> { _InsetShape() }
    public var body: Never { fatalError() }
}

// MARK: - Styles: colours, gradients, materials

public protocol ShapeStyle: Sendable {}

/// SwiftUI declares Color's View conformance in an extension, so its initialisers are not
/// bound to the main actor (a colour can be made anywhere).
public struct Color: ShapeStyle, Hashable {
    public enum RGBColorSpace: Hashable, Sendable { case sRGB, sRGBLinear, displayP3 }
    public init(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {}
    public static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)
}

extension Color: View {
    public var body: Never { fatalError() }
}

public struct Gradient: Hashable, Sendable {
    public struct Stop: Hashable, Sendable {
        public init(color: Color, location: CGFloat) {}
    }
}

public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat
    public init(x: CGFloat, y: CGFloat) { self.x = x; self.y = y }
    public static let center = UnitPoint(x: 0.5, y: 0.5)
}

public struct Angle: Hashable, Sendable {
    public var degrees: Double
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
}

public struct LinearGradient: ShapeStyle, View {
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {}
    public var body: Never { fatalError() }
}

public struct AngularGradient: ShapeStyle, View {
    public init(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {}
    public var body: Never { fatalError() }
}

extension Angle { public static let zero = Angle(degrees: 0) }

public struct RadialGradient: ShapeStyle, View {
    public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {}
    public var body: Never { fatalError() }
}

public struct Material: ShapeStyle {
    public static let ultraThinMaterial = Material()
}

extension ShapeStyle where Self == Material {
    public static var ultraThinMaterial: Material { Material() }
}

// MARK: - Text

public struct Font: Hashable, Sendable {
    public struct Weight: Hashable, Sendable {
        public static let ultraLight = Weight(), thin = Weight(), light = Weight(), regular = Weight(), medium = Weight()
        public static let semibold = Weight(), bold = Weight(), heavy = Weight(), black = Weight()
    }
    public static func custom(_ name: String, size: CGFloat) -> Font { Font() }
    public func weight(_ weight: Font.Weight) -> Font { self }
    public func italic() -> Font { self }
}

public struct Text: View {
    public init<S: StringProtocol>(_ content: S) {}
    public func font(_ font: Font?) -> Text { self }
    public func italic() -> Text { self }
    public var body: Never { fatalError() }
}

// MARK: - CoreGraphics, re-exported by SwiftUI

public enum CGLineCap: Int32, Sendable { case butt, round, square }
public enum CGLineJoin: Int32, Sendable { case miter, round, bevel }
