#pragma once

#include <QPaintDevice>
#include <QPaintEngine>
#include <QSize>
#include <QStringList>

#include <memory>

namespace Tandem::Test {

/// @brief A paint device that keeps the text painted on it: render a widget onto it to read what a person would see
/// (delegates and custom painting included, which no widget property holds).
class TextRecorder final : public QPaintDevice
{
public:
    explicit TextRecorder(const QSize &size);
    ~TextRecorder() override;
    Q_DISABLE_COPY_MOVE(TextRecorder)

    QPaintEngine *paintEngine() const override;
    /// @brief Every run of text painted so far, one per line, in painting order.
    QString text() const { return m_engine->texts.join(u'\n'); }

protected:
    int metric(PaintDeviceMetric metric) const override;

private:
    class Engine final : public QPaintEngine
    {
    public:
        Engine();
        QStringList texts;
        bool begin(QPaintDevice *) override { return true; }
        bool end() override { return true; }
        void updateState(const QPaintEngineState &) override { }
        void drawPixmap(const QRectF &, const QPixmap &, const QRectF &) override { }
        void drawPath(const QPainterPath &) override { }
        void drawPolygon(const QPointF *, int, PolygonDrawMode) override { }
        void drawTextItem(const QPointF &, const QTextItem &item) override { texts << item.text(); }
        Type type() const override { return User; }
    };

    std::unique_ptr<Engine> m_engine;
    QSize m_size;
};

} // namespace Tandem::Test
