#pragma once

#include <QCache>
#include <QHash>
#include <QSizeF>

#include <functional>
#include <memory>

class QTextDocument;

namespace Tandem {

/// @brief Laid-out message documents, kept per (message id, revision, width) in a least-recently-used cache, plus
/// a small table of their sizes so measuring a row that scrolled out does not lay it out again.
///
/// A new revision or a new width is a new key; stale entries age out. Chatterino's MessageLayout idea, on
/// QTextDocument.
class TextLayoutCache final
{
public:
    struct Key
    {
        qint64 id = 0;
        int revision = 0;
        int width = 0;
        int variant = 0; ///< anything else the layout depends on (a theme generation)
        friend bool operator==(const Key &, const Key &) = default;
    };
    using Factory = std::function<std::unique_ptr<QTextDocument>()>;

    explicit TextLayoutCache(int maxDocuments = 256);
    ~TextLayoutCache();
    Q_DISABLE_COPY_MOVE(TextLayoutCache)

    /// @brief The document for @p key, built by @p make (at width key.width) when not cached. Valid until the next
    /// call (the cache may evict it).
    QTextDocument *document(const Key &key, const Factory &make);
    /// @brief The natural size of @p key's document: its ideal width (at most key.width) and its height. Lays it out
    /// through document() only when not known.
    QSizeF size(const Key &key, const Factory &make);
    /// @brief True if @p key's document is cached (tests).
    bool contains(const Key &key) const { return m_documents.contains(key); }
    int documentCount() const { return int(m_documents.count()); }
    int builds() const { return m_builds; }
    void clear();

private:
    void rememberSize(const Key &key, const QSizeF &size);

    QCache<Key, QTextDocument> m_documents;
    /// Sizes in two generations: when the newer one is full it becomes the older one (the oldest is dropped); a size
    /// found in the older one moves to the newer, so the rows still in use are never measured again.
    QHash<Key, QSizeF> m_sizes;
    QHash<Key, QSizeF> m_olderSizes;
    int m_builds = 0;
};

size_t qHash(const TextLayoutCache::Key &key, size_t seed = 0) noexcept;

} // namespace Tandem
